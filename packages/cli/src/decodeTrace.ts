import type { Client } from '@mason/client';
import { fromHex, type ExecutionTrace, type TraceBytes, type TraceFrame } from '@mason/codec';
import { contractAbis } from './contractAbis.js';
import { decodeCall, type DecodedCall } from './decodeCall.js';
import type { Network } from './network.js';

/** A trace frame with its call decoded by the contract's ABI (`mason trace`, `mason op`). */
export type DecodedFrame = TraceFrame & { decoded?: DecodedCall };

function frames(frame: TraceFrame | null, out: TraceFrame[] = []): TraceFrame[] {
  if (frame === null) return out;
  out.push(frame);
  for (const call of frame.hostCalls) if (call.frame) frames(call.frame, out);
  return out;
}

/** The bytes a trace kept, or undefined when it kept only their beginning. */
function whole(bytes: TraceBytes | undefined): Uint8Array | undefined | null {
  if (bytes === undefined) return undefined;
  return bytes.truncated ? null : fromHex(bytes.hex);
}

/**
 * Puts on each frame of `trace` whose contract has a known ABI (the devnet's, else the project's
 * build) its arguments and result as values, in `decoded`. Frames stay as they are otherwise.
 */
export async function decodeTraceCalls(client: Client, network: Network, trace: ExecutionTrace): Promise<void> {
  const all = frames(trace.root);
  const abis = await contractAbis(
    client,
    network,
    all.map((frame) => frame.address),
  );
  for (const frame of all) {
    const abi = abis.get(frame.address);
    const args = whole(frame.args);
    const returned = whole(frame.returned);
    if (!abi || args === null) continue;
    const decoded = decodeCall(abi, frame.function, args, returned ?? undefined);
    if (decoded) (frame as DecodedFrame).decoded = decoded;
  }
}
