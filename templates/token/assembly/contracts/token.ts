// A fungible token in the spirit of Massa's MRC-20: name, symbol, decimals, total supply,
// balances, allowances, transfers and minting by the owner. Amounts are u64 base units.
import { Address, Args, Context, Storage, bytesToU64, generateEvent, stringToBytes, u64ToBytes } from '@mason/sdk';

const NAME = 'NAME';
const SYMBOL = 'SYMBOL';
const DECIMALS = 'DECIMALS';
const TOTAL_SUPPLY = 'TOTAL_SUPPLY';
const OWNER = 'OWNER';
const BALANCE_PREFIX = 'BALANCE';
const ALLOWANCE_PREFIX = 'ALLOWANCE';

function balanceKey(owner: string): string {
  return BALANCE_PREFIX + owner;
}

function allowanceKey(owner: string, spender: string): string {
  return ALLOWANCE_PREFIX + owner + ':' + spender;
}

function readU64(key: string): u64 {
  return Storage.has(key) ? bytesToU64(Storage.getAs<StaticArray<u8>>(key)) : 0;
}

function writeU64(key: string, value: u64): void {
  Storage.set(key, u64ToBytes(value));
}

function balance(owner: string): u64 {
  return readU64(balanceKey(owner));
}

function move(from: string, to: string, amount: u64): void {
  const fromBalance = balance(from);
  assert(fromBalance >= amount, `insufficient balance: ${from} has ${fromBalance}, needs ${amount}`);
  writeU64(balanceKey(from), fromBalance - amount);
  const toBalance = balance(to);
  assert(toBalance <= u64.MAX_VALUE - amount, 'balance overflow');
  writeU64(balanceKey(to), toBalance + amount);
  generateEvent(`TRANSFER:${from},${to},${amount}`);
}

/** name, symbol, decimals, initial supply (minted to the deployer, who becomes the owner). */
export function constructor(binaryArgs: StaticArray<u8>): void {
  assert(Context.isDeployingContract(), 'constructor can only be called during deployment');
  const args = new Args(binaryArgs);
  const name = args.nextString().expect('name (string) is missing');
  const symbol = args.nextString().expect('symbol (string) is missing');
  const decimals = args.nextU8().expect('decimals (u8) is missing');
  const supply = args.nextU64().expect('initial supply (u64) is missing');
  const owner = Context.caller().toString();
  Storage.set(NAME, name);
  Storage.set(SYMBOL, symbol);
  Storage.set(DECIMALS, [decimals] as StaticArray<u8>);
  Storage.set(OWNER, owner);
  writeU64(TOTAL_SUPPLY, supply);
  writeU64(balanceKey(owner), supply);
  generateEvent(`MINT:${owner},${supply}`);
}

export function name(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get(NAME));
}

export function symbol(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get(SYMBOL));
}

export function decimals(_: StaticArray<u8>): StaticArray<u8> {
  return Storage.getAs<StaticArray<u8>>(DECIMALS);
}

export function totalSupply(_: StaticArray<u8>): StaticArray<u8> {
  return u64ToBytes(readU64(TOTAL_SUPPLY));
}

export function owner(_: StaticArray<u8>): StaticArray<u8> {
  return stringToBytes(Storage.get(OWNER));
}

/** (owner: string) → u64 */
export function balanceOf(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const who = new Args(binaryArgs).nextString().expect('owner address (string) is missing');
  return u64ToBytes(balance(who));
}

/** (to: string, amount: u64) — moves the caller's tokens. */
export function transfer(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const to = args.nextString().expect('recipient address (string) is missing');
  const amount = args.nextU64().expect('amount (u64) is missing');
  assert(new Address(to).isValid(), `invalid recipient address: ${to}`);
  move(Context.caller().toString(), to, amount);
}

/** (owner: string, spender: string) → u64 */
export function allowance(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const holder = args.nextString().expect('owner address (string) is missing');
  const spender = args.nextString().expect('spender address (string) is missing');
  return u64ToBytes(readU64(allowanceKey(holder, spender)));
}

/** (spender: string, amount: u64) — sets how much `spender` may move from the caller's tokens. */
export function approve(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const spender = args.nextString().expect('spender address (string) is missing');
  const amount = args.nextU64().expect('amount (u64) is missing');
  const holder = Context.caller().toString();
  writeU64(allowanceKey(holder, spender), amount);
  generateEvent(`APPROVAL:${holder},${spender},${amount}`);
}

/** (from: string, to: string, amount: u64) — moves tokens within the caller's allowance. */
export function transferFrom(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const from = args.nextString().expect('owner address (string) is missing');
  const to = args.nextString().expect('recipient address (string) is missing');
  const amount = args.nextU64().expect('amount (u64) is missing');
  const spender = Context.caller().toString();
  const allowed = readU64(allowanceKey(from, spender));
  assert(allowed >= amount, `allowance exceeded: ${spender} may move ${allowed}, asked ${amount}`);
  writeU64(allowanceKey(from, spender), allowed - amount);
  move(from, to, amount);
}

/** (to: string, amount: u64) — the owner creates tokens. */
export function mint(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const to = args.nextString().expect('recipient address (string) is missing');
  const amount = args.nextU64().expect('amount (u64) is missing');
  assert(Context.caller().toString() == Storage.get(OWNER), 'only the owner can mint');
  const supply = readU64(TOTAL_SUPPLY);
  assert(supply <= u64.MAX_VALUE - amount, 'total supply overflow');
  writeU64(TOTAL_SUPPLY, supply + amount);
  writeU64(balanceKey(to), balance(to) + amount);
  generateEvent(`MINT:${to},${amount}`);
}
