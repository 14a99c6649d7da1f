import { Address, NODE_CONSTANTS, slotAt, toNanoMas, type Slot } from '@mason/codec';
import type { DevnetNode } from '../devnetNode.js';
import { MAX_ADVANCE_SLOTS } from '../mining/Miner.js';
import type { BlockChange } from '../ledger/devnetLedger.js';
import type { StateChangeRecord } from './StateChangeRecord.js';
import { badArgument } from './StateControlError.js';

/** Bytes as the node's datastore methods take them: a Uint8Array, or an array of integers 0–255. */
export type BytesInput = Uint8Array | readonly number[];

/**
 * The devnet as a test instrument (anvil's `anvil_set*`, `evm_increaseTime`): writes to any
 * address outside any block, impersonation, and time. Each write is final at once (applied to the
 * final and candidate ledgers, journaled in the data directory) and is what `get_addresses`,
 * `get_datastore_entries`, contracts and the explorer then see. The private API's `mason_*`
 * methods and the `Devnet` handle's methods both call this.
 */
export class StateControl {
  /** `checkOpen` throws once the devnet has stopped: a write then would reach no API and no journal. */
  constructor(
    private readonly node: DevnetNode,
    private readonly checkOpen: () => void = () => {},
  ) {}

  /** Sets a balance: MAS as a decimal string ("12.5", as the node reports balances) or nanoMAS as a bigint. */
  async setBalance(address: string, amount: string | bigint, method = 'setBalance'): Promise<void> {
    const target = this.#address(method, address);
    let value: bigint;
    try {
      if (typeof amount !== 'string' && typeof amount !== 'bigint') throw new Error();
      value = toNanoMas(amount);
    } catch {
      throw badArgument(method, 'the amount', 'MAS as a decimal string from 0 to 18446744073.709551615 (e.g. "12.5") or nanoMAS as a bigint', amount);
    }
    return this.#commit(method, [...this.#create(target), { kind: 'balance', address: target, value }]);
  }

  async setDatastoreEntry(address: string, key: BytesInput, value: BytesInput, method = 'setDatastoreEntry'): Promise<void> {
    const target = this.#address(method, address);
    const keyBytes = this.#key(method, key);
    const valueBytes = bytes(method, 'the value', value, NODE_CONSTANTS.maxDatastoreValueLength);
    return this.#commit(method, [...this.#create(target), { kind: 'data', address: target, key: keyBytes, value: valueBytes }]);
  }

  /** Deletes a datastore entry; deleting a key that does not exist changes nothing (and is not an error). */
  async deleteDatastoreEntry(address: string, key: BytesInput, method = 'deleteDatastoreEntry'): Promise<void> {
    const target = this.#address(method, address);
    const keyBytes = this.#key(method, key);
    if (this.node.candidateLedger.getDataEntry(target, keyBytes) === undefined) return;
    return this.#commit(method, [{ kind: 'data', address: target, key: keyBytes, value: null }]);
  }

  /** Sets the bytecode of an address (contract or user: any address may hold bytecode); empty bytes remove it. */
  async setBytecode(address: string, bytecode: BytesInput, method = 'setBytecode'): Promise<void> {
    const target = this.#address(method, address);
    const value = bytes(method, 'the bytecode', bytecode, NODE_CONSTANTS.maxBytecodeLength);
    return this.#commit(method, [...this.#create(target), { kind: 'bytecode', address: target, value: value.length === 0 ? null : value }]);
  }

  /** Sets the roll count of a user address (only user addresses stake). They count for cycles 3 later, as bought rolls do. */
  async setRolls(address: string, rolls: number, method = 'setRolls'): Promise<void> {
    const target = this.#userAddress(method, address);
    if (typeof rolls !== 'number' || !Number.isSafeInteger(rolls) || rolls < 0 || rolls > 0xffff_ffff) {
      throw badArgument(method, 'the roll count', 'an integer from 0 to 4294967295', rolls);
    }
    return this.#commit(method, [...this.#create(target), { kind: 'rolls', address: target, value: rolls }]);
  }

  /** From now on, operations created by `address` are accepted without a valid signature (see Impersonation). */
  async impersonate(address: string, method = 'impersonate'): Promise<void> {
    const target = this.#userAddress(method, address);
    if (this.node.impersonation.has(target)) return;
    return this.#commit(method, [], { address: target, enabled: true });
  }

  /** Signatures of `address`'s operations are checked again; refused when it is not impersonated. */
  async stopImpersonating(address: string, method = 'stopImpersonating'): Promise<void> {
    const target = this.#userAddress(method, address);
    if (!this.node.impersonation.has(target)) {
      throw badArgument(method, 'the address', `an impersonated address (impersonated now: ${this.impersonated.join(', ') || 'none'})`, address);
    }
    return this.#commit(method, [], { address: target, enabled: false });
  }

  get impersonated(): string[] {
    return this.node.impersonation.addresses;
  }

  /** Time passes by `periods` periods (32 slots each); everything due on the way runs. Returns the new last slot. */
  async advancePeriods(periods: number, method = 'advancePeriods'): Promise<Slot> {
    const limit = Math.floor(MAX_ADVANCE_SLOTS / this.node.config.threadCount);
    if (!Number.isSafeInteger(periods) || periods <= 0 || periods > limit)
      throw badArgument(method, 'the period count', `an integer from 1 to ${limit}`, periods);
    return this.node.advanceSlots(periods * this.node.config.threadCount);
  }

  /** Time passes by `cycles` cycles (periods_per_cycle periods each). */
  async advanceCycles(cycles: number, method = 'advanceCycles'): Promise<Slot> {
    const perCycle = this.node.config.threadCount * this.node.config.periodsPerCycle;
    const limit = Math.floor(MAX_ADVANCE_SLOTS / perCycle);
    if (!Number.isSafeInteger(cycles) || cycles <= 0 || cycles > limit) throw badArgument(method, 'the cycle count', `an integer from 1 to ${limit}`, cycles);
    return this.node.advanceSlots(cycles * perCycle);
  }

  /** Time passes until `timestamp` (ms since the epoch, later than the node's time); the node's time is then exactly it. */
  async advanceTo(timestamp: number, method = 'advanceTo'): Promise<Slot> {
    const now = this.node.now();
    const timing = this.node.timing();
    const latest = now + MAX_ADVANCE_SLOTS * (timing.t0 / timing.threadCount);
    if (!Number.isSafeInteger(timestamp) || timestamp <= now || timestamp > latest) {
      throw badArgument(method, 'the timestamp', `a time in ms since the epoch after the node's time (${now}) and at most ${latest}`, timestamp);
    }
    const index = (slot: Slot | null) => (slot ? slot.period * timing.threadCount + slot.thread : -1);
    const count = index(slotAt(timestamp, timing)) - index(slotAt(now, timing));
    if (count > 0) await this.node.advanceSlots(count);
    this.node.advanceClockTo(timestamp);
    return this.node.currentSlot();
  }

  /** A snapshot of the whole devnet (snapshots/Snapshots.ts); resolves to its id. */
  async snapshot(): Promise<string> {
    this.checkOpen();
    return this.node.snapshots.take();
  }

  /** Back to snapshot `id`; false when no live snapshot has that id. */
  async revert(id: string, method = 'revert'): Promise<boolean> {
    this.checkOpen();
    if (typeof id !== 'string') throw badArgument(method, 'the snapshot id', 'a string, as snapshot() returned it (e.g. "0x1")', id);
    return this.node.snapshots.revert(id);
  }

  #commit(method: string, changes: BlockChange[], impersonate?: StateChangeRecord['impersonate']): Promise<void> {
    this.checkOpen();
    const cycle = Math.floor(this.node.currentSlot().period / this.node.config.periodsPerCycle);
    return this.node.applyStateChanges({ method, cycle, changes, ...(impersonate && { impersonate }) });
  }

  /** A ledger entry is created first for an address that has none (writes to an entry need it). */
  #create(address: string): BlockChange[] {
    return this.node.candidateLedger.getBalance(address) === undefined ? [{ kind: 'create', address }] : [];
  }

  #address(method: string, text: unknown): string {
    try {
      if (typeof text !== 'string') throw new Error();
      return Address.fromString(text).toString();
    } catch {
      throw badArgument(method, 'the address', 'a Massa address (AU… or AS…)', text);
    }
  }

  #userAddress(method: string, text: unknown): string {
    const address = this.#address(method, text);
    if (!address.startsWith('AU')) throw badArgument(method, 'the address', 'a user address (AU…): only user addresses send operations and hold rolls', text);
    return address;
  }

  #key(method: string, key: BytesInput): Uint8Array {
    const keyBytes = bytes(method, 'the key', key, NODE_CONSTANTS.maxDatastoreKeyLength);
    if (keyBytes.length === 0) throw badArgument(method, 'the key', 'at least one byte', key);
    return keyBytes;
  }
}

function bytes(method: string, argument: string, value: unknown, maxLength: number): Uint8Array {
  const valid = value instanceof Uint8Array || (Array.isArray(value) && value.every((b) => typeof b === 'number' && Number.isInteger(b) && b >= 0 && b <= 255));
  if (!valid || (value as ArrayLike<number>).length > maxLength) {
    throw badArgument(method, argument, `bytes (a Uint8Array, or an array of integers 0–255), at most ${maxLength}`, value);
  }
  return Uint8Array.from(value as ArrayLike<number>);
}
