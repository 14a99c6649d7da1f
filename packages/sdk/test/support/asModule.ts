// Runs a compiled AssemblyScript contract the way the node does (reference §7.3, §7.4):
// parameters are `__new(len, 1)` buffers, strings are pinned UTF-16 `__new(len * 2, 2)` objects,
// and `env.abort` fails the call with `error: <msg> at <file>:<line> col: <col>`.

export class ContractAbort extends Error {}

type HostFunction = (...args: never[]) => unknown;
export type HostImports = Record<string, Record<string, HostFunction>>;

interface RuntimeExports {
  memory: WebAssembly.Memory;
  __new(size: number, id: number): number;
  __pin(ptr: number): number;
  __unpin(ptr: number): void;
  __collect(): void;
  [name: string]: unknown;
}

export class AsModule {
  private exports!: RuntimeExports;

  private constructor() {}

  /**
   * Instantiates `bytes`. `host(module)` returns the imports (besides `env.abort`); they may use the
   * module's memory helpers once the instance exists.
   */
  static async instantiate(bytes: Uint8Array, host: (module: AsModule) => HostImports = () => ({})): Promise<AsModule> {
    const module = new AsModule();
    const imports = host(module);
    imports.env = {
      abort: (message: number, file: number, line: number, column: number) => {
        const text = `error: ${module.readString(message)} at ${module.readString(file)}:${line} col: ${column}`;
        throw new ContractAbort(text);
      },
      ...imports.env,
    };
    const { instance } = await WebAssembly.instantiate(bytes, imports as WebAssembly.Imports);
    module.exports = instance.exports as unknown as RuntimeExports;
    return module;
  }

  private get bytes(): Uint8Array {
    return new Uint8Array(this.exports.memory.buffer);
  }

  /** Copies `data` into a fresh ArrayBuffer object (class id 1) and returns its address. */
  writeBytes(data: Uint8Array): number {
    const ptr = this.exports.__new(data.length, 1);
    this.bytes.set(data, ptr);
    return ptr;
  }

  /** Writes a pinned String object (class id 2). */
  writeString(text: string): number {
    const ptr = this.exports.__new(text.length * 2, 2);
    const view = new DataView(this.exports.memory.buffer);
    for (let i = 0; i < text.length; i++) view.setUint16(ptr + i * 2, text.charCodeAt(i), true);
    this.exports.__pin(ptr);
    return ptr;
  }

  readBytes(ptr: number): Uint8Array {
    const length = new DataView(this.exports.memory.buffer).getUint32(ptr - 4, true);
    return this.bytes.slice(ptr, ptr + length);
  }

  readString(ptr: number): string {
    if (ptr === 0) return 'null';
    const length = new DataView(this.exports.memory.buffer).getUint32(ptr - 4, true);
    return String.fromCharCode(...new Uint16Array(this.exports.memory.buffer.slice(ptr, ptr + length)));
  }

  /** Calls an exported contract function as CallSC does: arity 0 or 1, result read as bytes. */
  call(name: string, parameter: Uint8Array = new Uint8Array()): Uint8Array {
    const fn = this.exports[name];
    if (typeof fn !== 'function') throw new Error(`no exported function ${name}`);
    const result = fn.length === 0 ? fn() : fn(this.writeBytes(parameter));
    return typeof result === 'number' ? this.readBytes(result) : new Uint8Array();
  }

  /** Calls an export that returns a `string`. */
  callForString(name: string, parameter: Uint8Array = new Uint8Array()): string {
    const fn = this.exports[name] as (ptr?: number) => number;
    return this.readString(fn.length === 0 ? fn() : fn(this.writeBytes(parameter)));
  }

  get memory(): WebAssembly.Memory {
    return this.exports.memory;
  }
}
