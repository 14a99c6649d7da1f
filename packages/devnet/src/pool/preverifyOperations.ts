import { checkOperationSignature, decodeOperationInput, type SendOperationInput, type SignedOperation } from '@mason/codec';
import { SIGNATURE_RECORD_BYTES, type SignatureWorkers } from './SignatureWorkers.js';
import { sodiumEd25519 } from './sodiumEd25519.js';

/**
 * The main thread's weight in the split of the checks, a worker's being 1, while the workers are
 * still starting (a devnet running contracts inline starts them at its first large call): it
 * checks its share meanwhile. It also serves HTTP, decodes every operation and produces the
 * blocks, the busier thread of a burst: with one worker, CallSC instant (alternated runs) went
 * 4,349 → 4,721 → 5,074 ops/s for 50 → 70 → 90 % of the checks on the worker. Once the workers
 * run (`mason node` starts them with the node), they take every check, and the main thread never
 * loads libsodium (~13 ms inside a burst's first batch): 3,760 → 3,951 and 4,072 → 4,173 ops/s.
 */
const MAIN_THREAD_WEIGHT = 0.125;

/**
 * Decodes the operations of a send_operations call and checks their signatures, most of them on
 * the worker threads and the rest here meanwhile. Returns the inputs that decoded and carry a valid
 * signature; the others are left to the node's own check, which rejects the call with the node's
 * error for the first bad input, exactly as without this step.
 */
export async function preverifyOperations(
  inputs: readonly SendOperationInput[],
  chainId: bigint,
  workers: SignatureWorkers,
): Promise<Map<SendOperationInput, SignedOperation>> {
  const decoded: Array<[SendOperationInput, SignedOperation]> = [];
  for (const input of inputs) {
    try {
      decoded.push([input, decodeOperationInput(input, chainId)]);
    } catch {
      // reported by the node's check, in input order
    }
  }
  const weight = workers.running === workers.size ? 0 : MAIN_THREAD_WEIGHT;
  const shared = workers.size === 0 ? 0 : Math.floor((decoded.length * workers.size) / (workers.size + weight));
  const packed = new Uint8Array(shared * SIGNATURE_RECORD_BYTES);
  for (let i = 0; i < shared; i++) {
    const signed = decoded[i]![1];
    const at = i * SIGNATURE_RECORD_BYTES;
    packed.set(signed.publicKey.raw, at);
    packed.set(signed.hash, at + 32);
    packed.set(signed.signature.bytes, at + 64);
  }
  const answer = workers.check(packed, shared);
  const verified = new Map<SendOperationInput, SignedOperation>();
  const fast = shared < decoded.length ? sodiumEd25519() : undefined;
  for (let i = shared; i < decoded.length; i++) {
    const [input, signed] = decoded[i]!;
    if (fast?.(signed.signature.bytes, signed.hash, signed.publicKey.raw)) {
      verified.set(input, signed);
      continue;
    }
    try {
      checkOperationSignature(signed);
      verified.set(input, signed);
    } catch {
      // reported by the node's check
    }
  }
  const valid = await answer;
  for (let i = 0; i < shared; i++) if (valid[i]) verified.set(decoded[i]![0], decoded[i]![1]);
  return verified;
}
