// The subset of the WebAssembly JS API the tests use (Node provides it; TypeScript declares it only in lib.dom).
declare namespace WebAssembly {
  interface ModuleDescriptor {
    module: string;
    name: string;
    kind: 'function' | 'table' | 'memory' | 'global';
  }
  class Module {
    constructor(bytes: Uint8Array);
    static imports(module: Module): ModuleDescriptor[];
    static exports(module: Module): Array<Omit<ModuleDescriptor, 'module'>>;
  }
  function validate(bytes: Uint8Array): boolean;
}
