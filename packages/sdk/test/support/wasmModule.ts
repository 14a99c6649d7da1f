// A minimal WebAssembly binary reader: just the sections Massa's node constrains.

export type ValueType = 'i32' | 'i64' | 'f32' | 'f64' | 'v128' | 'funcref' | 'externref';
export interface Signature {
  params: ValueType[];
  results: ValueType[];
}
export interface FunctionImport extends Signature {
  module: string;
  name: string;
}
export interface WasmModuleInfo {
  functionImports: FunctionImport[];
  otherImports: { module: string; name: string; kind: number }[];
  exports: { name: string; kind: 'func' | 'table' | 'memory' | 'global' }[];
  memories: { initial: number; maximum?: number }[];
  customSections: string[];
  hasStart: boolean;
}

const VALUE_TYPES: Record<number, ValueType> = {
  0x7f: 'i32',
  0x7e: 'i64',
  0x7d: 'f32',
  0x7c: 'f64',
  0x7b: 'v128',
  0x70: 'funcref',
  0x6f: 'externref',
};
const EXPORT_KINDS = ['func', 'table', 'memory', 'global'] as const;

export function readWasmModule(bytes: Uint8Array): WasmModuleInfo {
  let at = 0;
  const byte = () => bytes[at++]!;
  const u32 = () => {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = byte();
      result |= (b & 0x7f) << shift;
      if (!(b & 0x80)) return result >>> 0;
      shift += 7;
    }
  };
  const name = () => {
    const length = u32();
    const text = new TextDecoder().decode(bytes.subarray(at, at + length));
    at += length;
    return text;
  };
  const valueType = () => {
    const code = byte();
    const type = VALUE_TYPES[code];
    if (!type) throw new Error(`unknown value type 0x${code.toString(16)}`);
    return type;
  };
  const limits = () => {
    const flags = byte();
    const initial = u32();
    return flags & 1 ? { initial, maximum: u32() } : { initial };
  };

  if (bytes[0] !== 0 || bytes[1] !== 0x61 || bytes[2] !== 0x73 || bytes[3] !== 0x6d) throw new Error('not a wasm module');
  at = 8;
  const types: Signature[] = [];
  const info: WasmModuleInfo = {
    functionImports: [],
    otherImports: [],
    exports: [],
    memories: [],
    customSections: [],
    hasStart: false,
  };
  while (at < bytes.length) {
    const id = byte();
    const size = u32();
    const end = at + size;
    switch (id) {
      case 0:
        info.customSections.push(name());
        break;
      case 1:
        for (let n = u32(); n > 0; n--) {
          if (byte() !== 0x60) throw new Error('expected a function type');
          const params = Array.from({ length: u32() }, valueType);
          const results = Array.from({ length: u32() }, valueType);
          types.push({ params, results });
        }
        break;
      case 2:
        for (let n = u32(); n > 0; n--) {
          const module = name();
          const field = name();
          const kind = byte();
          if (kind === 0) {
            const type = types[u32()]!;
            info.functionImports.push({ module, name: field, params: type.params, results: type.results });
          } else {
            info.otherImports.push({ module, name: field, kind });
            at = end; // the node allows only function (and one memory) imports; the rest is not needed
            break;
          }
        }
        break;
      case 5:
        for (let n = u32(); n > 0; n--) info.memories.push(limits());
        break;
      case 7:
        for (let n = u32(); n > 0; n--) {
          const exported = name();
          const kind = EXPORT_KINDS[byte()]!;
          u32();
          info.exports.push({ name: exported, kind });
        }
        break;
      case 8:
        info.hasStart = true;
        break;
    }
    at = end;
  }
  return info;
}
