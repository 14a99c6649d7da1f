import { createRequire } from 'node:module';

type Secp256k1 = typeof import('@noble/curves/secp256k1').secp256k1;

// @noble's secp256k1 takes 20–40 ms to load and set up, in every process and worker that loads
// the VM, for the EVM host functions alone: it is loaded at their first call, synchronously as a
// host function runs (its CommonJS build; the devnet's worker bundles inline it the same way).
const requireFromVm = createRequire(import.meta.url);
let curve: Secp256k1 | undefined;

export function secp256k1(): Secp256k1 {
  curve ??= (requireFromVm('@noble/curves/secp256k1') as typeof import('@noble/curves/secp256k1')).secp256k1;
  return curve;
}
