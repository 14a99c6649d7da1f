import { defineErrors } from '@mason/codec/base';

/** Every way a WebAssembly binary can fail to parse; `docs/wasm.md#<code in lower case>` explains it. */
export const wasmErrors = {
  MASON_WASM_MALFORMED: '{reason} (at offset 0x{hexOffset})',
} as const;

export type WasmErrorCode = keyof typeof wasmErrors;

const defined = defineErrors(wasmErrors, 'wasm.md', { name: 'WasmFormatError' });

/** A malformed binary, with the offset of the byte where reading failed; `parseModule` lets it reach callers. */
export class WasmFormatError extends defined.Error<'MASON_WASM_MALFORMED'> {
  constructor(
    reason: string,
    readonly offset: number,
  ) {
    super('MASON_WASM_MALFORMED', { reason, offset, hexOffset: offset.toString(16) });
  }
}

/** True for a WasmFormatError (with `code` when given), also one made by another copy of @mason/wasm. */
export const isWasmError = defined.is;
