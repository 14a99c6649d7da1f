// The subset of the WebAssembly JS API the tests use (Node provides it; TypeScript declares it only in lib.dom).
declare namespace WebAssembly {
  class Memory {
    readonly buffer: ArrayBuffer;
  }
  type Imports = Record<string, Record<string, unknown>>;
  class Instance {
    readonly exports: Record<string, unknown>;
  }
  function instantiate(bytes: Uint8Array, imports?: Imports): Promise<{ instance: Instance }>;
}
