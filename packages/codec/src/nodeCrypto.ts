/**
 * Node's crypto module where the code runs on Node (≥ 20.16, through `process.getBuiltinModule`),
 * undefined elsewhere (browsers): the codec's fast paths use it, @noble stands in without it.
 */
export const nodeCrypto = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:crypto') as
  | typeof import('node:crypto')
  | undefined;
