import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Address, formatMas, parseMas } from '@mason/codec';
import type { PooledAsyncMessage } from '../asyncPool/asyncPoolState.js';
import type { DevnetNode } from '../devnetNode.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';
import { decodeJson, encodeJson } from '../persistence/serialization.js';
import { StateControlError } from './StateControlError.js';

export const STATE_FORMAT = 'mason-devnet-state';
export const STATE_VERSION = 1;

export interface DumpedAccount {
  /** MAS, as the node reports balances. */
  balance: string;
  rolls: number;
  /** Hex, or null for none. */
  bytecode: string | null;
  /** [key, value] pairs in hex, in the datastore's (byte-wise) order. */
  datastore: Array<[string, string]>;
}

export interface DumpedState {
  chain_id: string;
  /** The node's time (ms since the epoch) when dumped: a devnet loading the state starts no earlier. */
  time: number;
  accounts: Record<string, DumpedAccount>;
  deferred_credits: Array<{ address: string; period: number; thread: number; amount: string }>;
  /** Pending asynchronous messages, each as the devnet holds it (bigints as {"$n"}, bytes as {"$b": hex}). */
  async_messages: Array<{ id: string; message: unknown }>;
}

/** A state file (`mason_dump_state`, `--dump-state`): format name, version, SHA-256 of `JSON.stringify(state)`, the state. */
export interface StateDump {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  checksum: string;
  state: DumpedState;
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const checksumOf = (state: unknown): string => createHash('sha256').update(JSON.stringify(state)).digest('hex');

/** The devnet's current (candidate) state: every ledger entry, rolls, deferred credits, pending asynchronous messages, its time. */
export function dumpState(node: DevnetNode): StateDump {
  const ledger = node.candidateLedger;
  const accounts: Record<string, DumpedAccount> = {};
  const addresses = new Set([...ledger.addresses(), ...ledger.rolls.keys()]);
  for (const address of [...addresses].sort()) {
    const keys = ledger.getDataKeys(address, new Uint8Array());
    accounts[address] = {
      balance: formatMas(ledger.balance(address)),
      rolls: ledger.rollCount(address),
      bytecode: ledger.getBytecode(address) ? hex(ledger.getBytecode(address)!) : null,
      datastore: keys.map((key) => [hex(key), hex(ledger.getDataEntry(address, key)!)]),
    };
  }
  const deferred: DumpedState['deferred_credits'] = [];
  for (const [address, credits] of ledger.deferredCredits) {
    for (const [slot, value] of credits) {
      const [period, thread] = slot.split(':').map(Number) as [number, number];
      deferred.push({ address, period, thread, amount: formatMas(value) });
    }
  }
  const state: DumpedState = {
    chain_id: node.config.chainId.toString(),
    time: node.now(),
    accounts,
    deferred_credits: deferred,
    async_messages: ledger.asyncPool.ordered().map(({ id, entry }) => ({ id, message: JSON.parse(encodeJson(entry)) as unknown })),
  };
  return { format: STATE_FORMAT, version: STATE_VERSION, checksum: checksumOf(state), state };
}

/** Writes a state file whole or not at all (a temporary file renamed). */
export function writeStateFile(file: string, dump: StateDump): void {
  writeFileSync(`${file}.tmp`, `${JSON.stringify(dump, null, 1)}\n`);
  renameSync(`${file}.tmp`, file);
}

/** Reads and checks a state file; anything wrong is MASON_DEVNET_STATE_FILE naming the file and what is wrong. */
export function readStateFile(file: string): StateDump {
  const refuse = (reason: string) => new StateControlError('MASON_DEVNET_STATE_FILE', { file, reason });
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw refuse(`it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let dump: Partial<StateDump>;
  try {
    dump = JSON.parse(text) as Partial<StateDump>;
  } catch (error) {
    throw refuse(`it is not JSON (${(error as Error).message})`);
  }
  if (typeof dump !== 'object' || dump === null || dump.format !== STATE_FORMAT) throw refuse(`it is not a devnet state file (no "format": "${STATE_FORMAT}")`);
  if (dump.version !== STATE_VERSION) throw refuse(`it is version ${String(dump.version)} of the format; this Mason reads version ${STATE_VERSION}`);
  if (typeof dump.state !== 'object' || dump.state === null) throw refuse('it has no "state"');
  if (dump.checksum !== checksumOf(dump.state)) throw refuse('its checksum does not match its state (the file was edited or damaged)');
  checkState(dump.state, refuse);
  return dump as StateDump;
}

function checkState(state: DumpedState, refuse: (reason: string) => Error): void {
  if (!Number.isSafeInteger(state.time)) throw refuse('"time" is not a time in ms');
  if (typeof state.accounts !== 'object' || state.accounts === null) throw refuse('"accounts" is not an object');
  const isHex = (v: unknown) => typeof v === 'string' && /^(?:[0-9a-f]{2})*$/.test(v);
  for (const [address, account] of Object.entries(state.accounts)) {
    const where = `account ${address}`;
    try {
      Address.fromString(address);
      parseMas(account.balance);
    } catch (error) {
      throw refuse(`${where}: ${(error as Error).message}`);
    }
    if (!Number.isSafeInteger(account.rolls) || account.rolls < 0) throw refuse(`${where}: "rolls" is not a roll count`);
    if (account.bytecode !== null && !isHex(account.bytecode)) throw refuse(`${where}: "bytecode" is not hex`);
    if (!Array.isArray(account.datastore) || !account.datastore.every((pair) => Array.isArray(pair) && isHex(pair[0]) && isHex(pair[1]))) {
      throw refuse(`${where}: "datastore" is not a list of [key, value] hex pairs`);
    }
  }
  if (!Array.isArray(state.deferred_credits) || !Array.isArray(state.async_messages)) throw refuse('"deferred_credits" and "async_messages" must be lists');
  for (const credit of state.deferred_credits) {
    const valid = typeof credit?.address === 'string' && Number.isSafeInteger(credit.period) && Number.isSafeInteger(credit.thread);
    try {
      if (!valid) throw new Error('it needs an address, a period, a thread and an amount');
      Address.fromString(credit.address);
      parseMas(credit.amount);
    } catch (error) {
      throw refuse(`a deferred credit is invalid: ${(error as Error).message}`);
    }
  }
  for (const entry of state.async_messages) {
    if (typeof entry?.id !== 'string' || typeof entry.message !== 'object' || entry.message === null)
      throw refuse('an asynchronous message has no "id" or "message"');
  }
}

/** The writes that turn `ledger` into the dumped state: what it has that the dump has not is cleared. */
export function stateChanges(ledger: DevnetLedger, state: DumpedState): BlockChange[] {
  const changes: BlockChange[] = [];
  const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'hex'));
  const every = new Uint8Array();
  for (const address of new Set([...ledger.addresses(), ...ledger.rolls.keys()])) {
    if (Object.hasOwn(state.accounts, address)) continue;
    if (ledger.getBalance(address) !== undefined) {
      changes.push({ kind: 'balance', address, value: 0n }, { kind: 'bytecode', address, value: null });
      for (const key of ledger.getDataKeys(address, every)) changes.push({ kind: 'data', address, key, value: null });
    }
    if (ledger.rollCount(address) > 0) changes.push({ kind: 'rolls', address, value: 0 });
  }
  for (const [address, account] of Object.entries(state.accounts)) {
    changes.push({ kind: 'create', address }, { kind: 'balance', address, value: parseMas(account.balance) });
    changes.push({ kind: 'bytecode', address, value: account.bytecode ? bytes(account.bytecode) : null });
    const kept = new Set(account.datastore.map(([key]) => key));
    for (const key of ledger.getDataKeys(address, every)) if (!kept.has(hex(key))) changes.push({ kind: 'data', address, key, value: null });
    for (const [key, value] of account.datastore) changes.push({ kind: 'data', address, key: bytes(key), value: bytes(value) });
    if (account.rolls !== ledger.rollCount(address)) changes.push({ kind: 'rolls', address, value: account.rolls });
  }
  const credits = new Set(state.deferred_credits.map((c) => `${c.address} ${c.period}:${c.thread}`));
  for (const [address, slots] of ledger.deferredCredits) {
    for (const slot of slots.keys()) {
      if (credits.has(`${address} ${slot}`)) continue;
      const [period, thread] = slot.split(':').map(Number) as [number, number];
      changes.push({ kind: 'deferred', address, period, thread, value: 0n });
    }
  }
  for (const c of state.deferred_credits) changes.push({ kind: 'deferred', address: c.address, period: c.period, thread: c.thread, value: parseMas(c.amount) });
  const messages = new Set(state.async_messages.map((m) => m.id));
  for (const { id } of ledger.asyncPool.ordered()) if (!messages.has(id)) changes.push({ kind: 'asyncMessage', id, value: null });
  for (const { id, message } of state.async_messages) {
    changes.push({ kind: 'asyncMessage', id, value: decodeJson(JSON.stringify(message)) as PooledAsyncMessage });
  }
  return changes;
}

/** Makes the devnet's state the dumped one (final at once, journaled like any state control) and moves its clock to the dump's time. */
export async function loadState(node: DevnetNode, dump: StateDump, method = 'load-state'): Promise<void> {
  const cycle = Math.floor(node.currentSlot().period / node.config.periodsPerCycle);
  await node.applyStateChanges({ method, cycle, changes: stateChanges(node.candidateLedger, dump.state) });
  node.advanceClockTo(dump.state.time);
}
