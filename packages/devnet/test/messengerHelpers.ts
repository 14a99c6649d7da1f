import { Args, parseMas, type Slot } from '@mason/codec';
import type { Devnet } from '../src/index.js';
import { call, sendOp, waitFinal } from './helpers.js';

// Drives test/contracts/messenger.ts, which sends and handles asynchronous messages.

export const utf8 = (text: string) => new TextEncoder().encode(text);

export interface Schedule {
  target: string;
  handler?: string;
  /** Periods after the emission slot where the window opens (same thread). */
  startOffset?: number;
  /** Periods the window stays open. */
  length?: number;
  maxGas?: bigint;
  fee?: bigint;
  coins?: bigint;
  note?: string;
  count?: number;
  filterAddress?: string;
  filterKey?: string;
}

export function scheduleParam(s: Schedule): Uint8Array {
  return new Args()
    .addString(s.target)
    .addString(s.handler ?? 'receive')
    .addU64(BigInt(s.startOffset ?? 3))
    .addU64(BigInt(s.length ?? 10))
    .addU64(s.maxGas ?? 10_000_000n)
    .addU64(s.fee ?? 1_000_000n)
    .addU64(s.coins ?? 0n)
    .addString(s.note ?? 'note')
    .addU32(s.count ?? 1)
    .addString(s.filterAddress ?? '')
    .addUint8Array(utf8(s.filterKey ?? ''))
    .serialize();
}

/** Account 1 calls `func` of `target`; returns the final operation info and its events. */
export async function callContract(devnet: Devnet, target: string, func: string, param: Uint8Array) {
  const bob = devnet.accounts[1]!;
  const id = await sendOp(devnet, bob.secretKey, { type: 'CallSC', maxGas: 100_000_000n, coins: 0n, target, func, param });
  const info = await waitFinal(devnet, id);
  const events = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  return { id, info, events };
}

/** `sender.schedule(…)`: sends the messages described by `s`. */
export const schedule = (devnet: Devnet, sender: string, s: Schedule) => callContract(devnet, sender, 'schedule', scheduleParam(s));

/** The slot of the operation's `scheduled …` event: the messages' emission slot. */
export const scheduledAt = (events: any[]): Slot => events.find((e) => e.data.startsWith('scheduled'))!.context.slot;

export const plus = (slot: Slot, periods: number): Slot => ({ period: slot.period + periods, thread: slot.thread });

export async function balances(devnet: Devnet, ...addresses: string[]): Promise<{ final: bigint[]; candidate: bigint[] }> {
  const infos = await call<any[]>(devnet.urls.public, 'get_addresses', [addresses]);
  return { final: infos.map((i) => parseMas(i.final_balance)), candidate: infos.map((i) => parseMas(i.candidate_balance)) };
}

export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Events emitted by `emitter` (final ones only unless `isFinal` is null) whose data contains `text`. */
export async function eventsOf(devnet: Devnet, emitter: string, text: string, isFinal: boolean | null = true): Promise<any[]> {
  const events = await call<any[]>(devnet.urls.public, 'get_filtered_sc_output_event', [{ emitter_address: emitter, is_final: isFinal }]);
  return events.filter((e) => e.data.includes(text));
}

/** Final events emitted by `emitter` whose data contains `text`, once there are `count`. */
export function finalEventsOf(devnet: Devnet, emitter: string, text: string, count = 1): Promise<any[]> {
  return until(`${count} final event(s) "${text}" from ${emitter}`, async () => {
    const matching = await eventsOf(devnet, emitter, text);
    return matching.length >= count ? matching : undefined;
  });
}

export async function storedValue(devnet: Devnet, address: string, key: string): Promise<string | null> {
  const [entry] = await call<any[]>(devnet.urls.public, 'get_datastore_entries', [[{ address, key: Array.from(utf8(key)) }]]);
  return entry.final_value === null ? null : Buffer.from(entry.final_value).toString();
}

/** Storage cost of writing `value` under `key` where `previous` was stored (0.0001 MAS a byte, 4 bytes per entry). */
export function storageCost(key: string, previous: string | null, value: string): bigint {
  const bytes = previous === null ? 4 + key.length + value.length : value.length - previous.length;
  return BigInt(bytes) * 100_000n;
}
