// Touches every part of the SDK, so its compiled imports are the SDK's whole host surface.
import {
  Address,
  Args,
  Context,
  NoArg,
  Slot,
  Storage,
  asyncCall,
  balance,
  balanceOf,
  blake3,
  call,
  createEvent,
  createSC,
  deferredCallCancel,
  deferredCallExists,
  deferredCallQuote,
  deferredCallRegister,
  env,
  evmGetAddressFromPubkey,
  evmGetPubkeyFromSignature,
  findCheapestSlot,
  formatMas,
  functionExists,
  generateEvent,
  generateRawEvent,
  getBytecode,
  getBytecodeOf,
  getOpData,
  getOpKeys,
  hasOpKey,
  isEvmSignatureValid,
  isSignatureValid,
  keccak256,
  localCall,
  localExecution,
  parseMas,
  print,
  sendMessage,
  setBytecode,
  setBytecodeOf,
  sha256,
  stringToBytes,
  toNanoMas,
  transferCoins,
  transferCoinsOf,
  u64ToBytes,
  unsafeRandom,
} from '../../assembly';

export function context(_: StaticArray<u8>): StaticArray<u8> {
  const args = new Args()
    .add(Context.caller().toString())
    .add(Context.callee().toString())
    .add(Context.transactionCreator().toString())
    .add(Context.addressStack())
    .add(Context.ownedAddresses())
    .add(Context.callerHasWriteAccess())
    .add(Context.isDeployingContract())
    .add(Context.transferredCoins())
    .add(Context.timestamp())
    .add(Context.currentPeriod())
    .add(Context.currentThread())
    .add(Context.currentSlot().period)
    .add(Context.remainingGas())
    .add(Context.chainId());
  const operation = Context.originOperationId();
  args.add(operation === null ? '' : operation);
  return args.serialize();
}

export function storage(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const other = new Address(args.mustNext<string>('other'));
  Storage.set('greeting', 'hello');
  Storage.append('greeting', ' world');
  Storage.set(stringToBytes('raw'), u64ToBytes(42));
  Storage.set('config', new Args().add<u32>(7));
  const config = Storage.getAs<Args>('config').mustNext<u32>('config');
  const greeting = Storage.get('greeting');
  if (Storage.has('greeting')) Storage.del('greeting');
  generateEvent(greeting + config.toString() + Storage.keys().length.toString());

  Storage.setOf(other, 'k', 'v');
  Storage.appendOf(other, 'k', 'w');
  const value = Storage.getOf(other, 'k');
  const bytes = Storage.getOfAs<StaticArray<u8>>(other, 'k');
  if (Storage.hasOf(other, 'k')) Storage.delOf(other, 'k');
  generateEvent(value + bytes.length.toString() + Storage.keysOf(other).length.toString());
}

export function calls(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const target = new Address(new Args(binaryArgs).mustNext<string>('target'));
  assert(target.isSmartContract(), 'not a contract');
  assert(!target.isEoa(), 'an account');
  if (!functionExists(target, 'hello')) return [];
  const first = call(target, 'hello', new Args().add('you'), 1_000);
  const second = localCall(target, 'hello', NoArg);
  const third = localExecution(getBytecodeOf(target), 'hello', NoArg);
  return new Args().add(first).add(second).add(third).serialize();
}

export function deploy(_: StaticArray<u8>): void {
  const count = new Args(getOpData([0])).mustNext<u64>('count');
  for (let i: u64 = 1; i <= count; i++) {
    const key = u64ToBytes(i);
    if (!hasOpKey(key)) continue;
    const address = createSC(getOpData(key));
    setBytecodeOf(address, getBytecode());
    generateEvent(`Contract deployed at address: ${address.toString()}`);
  }
  generateEvent(getOpKeys().length.toString() + ' ' + getOpKeys([1]).length.toString());
  setBytecode(getBytecode());
}

export function coins(binaryArgs: StaticArray<u8>): void {
  const args = new Args(binaryArgs);
  const to = new Address(args.mustNext<string>('to'));
  const amount = parseMas(args.mustNext<string>('amount'));
  transferCoins(to, amount);
  transferCoinsOf(Context.callee(), to, toNanoMas(1));
  generateEvent(createEvent('balances', [formatMas(balance()), formatMas(balanceOf(to))]));
}

export function crypto(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const args = new Args(binaryArgs);
  const publicKey = args.mustNext<string>('publicKey');
  const data = args.mustNext<string>('data');
  const signature = args.mustNext<string>('signature');
  const evmData = args.mustNext<StaticArray<u8>>('evmData');
  const evmSignature = args.mustNext<StaticArray<u8>>('evmSignature');
  const evmKey = args.mustNext<StaticArray<u8>>('evmKey');
  const out = new Args()
    .add(blake3(evmData))
    .add(sha256(evmData))
    .add(keccak256(evmData))
    .add(isSignatureValid(publicKey, data, signature))
    .add(isEvmSignatureValid(evmData, evmSignature, evmKey))
    .add(evmGetAddressFromPubkey(evmKey))
    .add(evmGetPubkeyFromSignature(keccak256(evmData), evmSignature))
    .add(Address.fromPublicKey(publicKey).toString())
    .add(env.isAddressEoa(Address.fromPublicKey(publicKey).toString()))
    .add(unsafeRandom());
  print('crypto done');
  return out.serialize();
}

export function later(binaryArgs: StaticArray<u8>): StaticArray<u8> {
  const target = new Address(new Args(binaryArgs).mustNext<string>('target'));
  const start = Context.currentSlot();
  const end = new Slot(start.period + 10, start.thread);
  sendMessage(target, 'wake', start.period, start.thread, end.period, end.thread, 2_100_000, 0, 0, []);
  asyncCall(target, 'wake', start, end, 2_100_000, 1, NoArg.serialize(), 0, target, stringToBytes('k'));

  const slot = findCheapestSlot(start.period + 1, start.period + 2, 1_000_000);
  if (slot === null) return [];
  const price = deferredCallQuote(slot, 1_000_000);
  const id = deferredCallRegister(target, 'wake', slot, 1_000_000, [], price);
  if (deferredCallExists(id)) deferredCallCancel(id);
  return stringToBytes(id);
}
