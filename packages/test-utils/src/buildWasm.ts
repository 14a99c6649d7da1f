// A minimal wasm module assembler for unit tests of parsing, limits and metering.

/** Byte buffer with the LEB128 encodings a module needs; independent of @mason/wasm, which it tests. */
class WasmWriter {
  private readonly parts: number[] = [];

  byte(value: number): this {
    this.parts.push(value & 0xff);
    return this;
  }

  bytes(values: Uint8Array): this {
    for (const value of values) this.parts.push(value);
    return this;
  }

  u32(value: number): this {
    let rest = value >>> 0;
    do {
      const low = rest & 0x7f;
      rest >>>= 7;
      this.parts.push(rest !== 0 ? low | 0x80 : low);
    } while (rest !== 0);
    return this;
  }

  name(value: string): this {
    const encoded = new TextEncoder().encode(value);
    return this.u32(encoded.length).bytes(encoded);
  }

  section(id: number, payload: Uint8Array): this {
    return this.byte(id).u32(payload.length).bytes(payload);
  }

  toBytes(): Uint8Array {
    return Uint8Array.from(this.parts);
  }
}

export const I32 = 0x7f;
export const I64 = 0x7e;
export const F32 = 0x7d;
export const F64 = 0x7c;

export interface FunctionSpec {
  params?: number[];
  results?: number[];
  locals?: number[];
  /** Expression bytes, without the final `end`. */
  body: number[];
  export?: string;
}

export interface ModuleSpec {
  imports?: Array<{ module: string; name: string; params?: number[]; results?: number[] }>;
  functions?: FunctionSpec[];
  memory?: { min: number; max?: number; export?: boolean };
  start?: number;
  customSections?: Array<{ name: string; size: number }>;
  /** Raw extra export entries: [name, kind, index]. */
  extraExports?: Array<[string, number, number]>;
  globals?: number;
  /** Raw global entries (type, mutability, init expression with its `end`), after `globals`. */
  globalEntries?: number[][];
}

function vector(items: Uint8Array[]): Uint8Array {
  const out = new WasmWriter().u32(items.length);
  for (const item of items) out.bytes(item);
  return out.toBytes();
}

export function buildWasm(spec: ModuleSpec): Uint8Array {
  const imports = spec.imports ?? [];
  const functions = spec.functions ?? [];
  const types: Uint8Array[] = [];
  const typeOf = (params: number[] = [], results: number[] = []): number => {
    const bytes = new WasmWriter().byte(0x60).u32(params.length).bytes(Uint8Array.from(params)).u32(results.length).bytes(Uint8Array.from(results)).toBytes();
    const index = types.findIndex((type) => Buffer.compare(type, bytes) === 0);
    if (index >= 0) return index;
    types.push(bytes);
    return types.length - 1;
  };
  const importEntries = imports.map((entry) => new WasmWriter().name(entry.module).name(entry.name).byte(0).u32(typeOf(entry.params, entry.results)).toBytes());
  const functionTypes = functions.map((fn) => typeOf(fn.params, fn.results));

  const out = new WasmWriter().bytes(Uint8Array.of(0, 0x61, 0x73, 0x6d, 1, 0, 0, 0));
  out.section(1, vector(types));
  if (importEntries.length) out.section(2, vector(importEntries));
  if (functions.length) out.section(3, vector(functionTypes.map((index) => new WasmWriter().u32(index).toBytes())));
  if (spec.memory) {
    const memory = new WasmWriter().u32(1);
    if (spec.memory.max === undefined) memory.byte(0).u32(spec.memory.min);
    else memory.byte(1).u32(spec.memory.min).u32(spec.memory.max);
    out.section(5, memory.toBytes());
  }
  if (spec.globals || spec.globalEntries) {
    const globals = Array.from({ length: spec.globals ?? 0 }, () => Uint8Array.of(I32, 1, 0x41, 0, 0x0b));
    for (const entry of spec.globalEntries ?? []) globals.push(Uint8Array.from(entry));
    out.section(6, vector(globals));
  }
  const exports: Uint8Array[] = [];
  functions.forEach((fn, index) => {
    if (fn.export)
      exports.push(
        new WasmWriter()
          .name(fn.export)
          .byte(0)
          .u32(imports.length + index)
          .toBytes(),
      );
  });
  if (spec.memory?.export !== false && spec.memory) exports.push(new WasmWriter().name('memory').byte(2).u32(0).toBytes());
  for (const [name, kind, index] of spec.extraExports ?? []) exports.push(new WasmWriter().name(name).byte(kind).u32(index).toBytes());
  if (exports.length) out.section(7, vector(exports));
  if (spec.start !== undefined) out.section(8, new WasmWriter().u32(spec.start).toBytes());
  if (functions.length) {
    const bodies = functions.map((fn) => {
      const locals = fn.locals ?? [];
      const body = new WasmWriter().u32(locals.length);
      for (const local of locals) body.u32(1).byte(local);
      body.bytes(Uint8Array.from(fn.body)).byte(0x0b);
      const bytes = body.toBytes();
      return new WasmWriter().u32(bytes.length).bytes(bytes).toBytes();
    });
    out.section(10, vector(bodies));
  }
  for (const custom of spec.customSections ?? []) {
    out.section(0, new WasmWriter().name(custom.name).bytes(new Uint8Array(custom.size)).toBytes());
  }
  return out.toBytes();
}
