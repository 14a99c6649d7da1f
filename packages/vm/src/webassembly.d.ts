// The subset of the WebAssembly JS API the VM uses (Node provides it; TypeScript only declares it in lib.dom).
declare namespace WebAssembly {
  class Module {
    constructor(bytes: BufferSource);
    static exports(module: Module): Array<{ name: string; kind: string }>;
    static imports(module: Module): Array<{ module: string; name: string; kind: string }>;
    static customSections(module: Module, name: string): ArrayBuffer[];
  }
  type ExportValue = Function | Global | Memory | Table;
  type Exports = Record<string, ExportValue>;
  type ImportValue = Function | Global | Memory | Table | number | bigint;
  type Imports = Record<string, Record<string, ImportValue>>;
  class Instance {
    constructor(module: Module, imports?: Imports);
    readonly exports: Exports;
  }
  class Memory {
    constructor(descriptor: { initial: number; maximum?: number });
    readonly buffer: ArrayBuffer;
    grow(delta: number): number;
  }
  class Table {
    readonly length: number;
    set(index: number, value: ExportValue | null): void;
  }
  class Global {
    constructor(descriptor: { value: string; mutable?: boolean }, value?: number | bigint);
    value: number | bigint;
  }
  class CompileError extends Error {}
  class LinkError extends Error {}
  class RuntimeError extends Error {}
  type BufferSource = ArrayBufferView | ArrayBuffer;
}
