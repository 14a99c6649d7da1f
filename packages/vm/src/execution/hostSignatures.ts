// Helpers over the wasm signatures of the host functions a node registers (massa-sc-runtime
// as_execution/context.rs); the table itself is generated from @mason/sdk's abi-imports.json.

export interface HostSignature {
  params: string;
  results: string;
}

const LETTER: Record<number, string> = { 0x7f: 'i', 0x7e: 'I', 0x7d: 'f', 0x7c: 'F' };
const WASMER_TYPE: Record<string, string> = { i: 'I32', I: 'I64', f: 'F32', F: 'F64' };

export function signatureLetters(types: number[]): string {
  return types.map((type) => LETTER[type] ?? '?').join('');
}

/** wasmer's Debug rendering of a function type, used in link errors. */
export function describeSignature(signature: HostSignature): string {
  const list = (letters: string) => [...letters].map((letter) => WASMER_TYPE[letter] ?? letter).join(', ');
  return `Function(FunctionType { params: [${list(signature.params)}], results: [${list(signature.results)}] })`;
}
