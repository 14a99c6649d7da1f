// Ledger operations of the node's execution context and speculative ledger, with their rights
// checks, storage costs and error texts.
import { Address, blake3, concatBytes } from '@mason/codec';
import type { ExecutionContext } from './ExecutionContext.js';
import { ContextError, debugBytes } from './failures.js';
import { storageDelete, storageWrite, transferEffect } from '../trace/traceEffects.js';
import { planTransfer, TransferRefused, type TransferPlan } from '../state/transferRule.js';

const encoder = new TextEncoder();

export function isContractAddress(address: string): boolean {
  return address.startsWith('AS');
}

export function currentAddress(ctx: ExecutionContext): string {
  const frame = ctx.currentFrame;
  if (!frame) throw new ContextError('failed to read current address: call stack empty');
  return frame.address;
}

/** Moves coins between addresses by the node's rule (state/transferRule.ts), after the context's rights check. */
export function transferCoins(ctx: ExecutionContext, from: string | undefined, to: string | undefined, amount: bigint, checkRights: boolean): void {
  if (from !== undefined && checkRights && !ctx.hasWriteRightsOn(from)) {
    throw new ContextError(`spending from address ${from} is not allowed in this context`, 'MASON_VM_COINS');
  }
  const ledger = ctx.ledger;
  let plan: TransferPlan;
  try {
    plan = planTransfer((address) => ledger.getBalance(address), from, to, amount, ctx.host.limits.ledgerEntryBaseCost);
  } catch (error) {
    if (error instanceof TransferRefused) throw new ContextError(error.message, 'MASON_VM_COINS');
    throw error;
  }
  if (plan.from) ledger.setBalance(plan.from.address, plan.from.balance);
  if (plan.to) {
    if (plan.to.create) ledger.createEntry(plan.to.address);
    ledger.setBalance(plan.to.address, plan.to.balance);
  }
  if (amount !== 0n) ctx.tracer?.effect(transferEffect(from, to, amount));
}

/** Checks that a called address is an existing SC. */
export function checkTargetScAddress(ctx: ExecutionContext, target: string): void {
  if (!isContractAddress(target)) {
    throw new ContextError(`The called address ${target} is not a smart contract address`, 'MASON_VM_TARGET', {
      target,
      reason: 'it is not a smart contract address',
    });
  }
  if (!ctx.ledger.hasEntry(target)) {
    throw new ContextError(`The called smart contract address ${target} does not exist`, 'MASON_VM_TARGET', {
      target,
      reason: 'no such smart contract',
    });
  }
}

function u64be(value: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value);
  return bytes;
}

/** `create_sc`: a new SC address holding `bytecode`, paid by the current address, owned by the current frame. */
export function createNewScAddress(ctx: ExecutionContext, bytecode: Uint8Array): string {
  const limits = ctx.host.limits;
  let address: string;
  for (let nonce = 0n; ; nonce++) {
    const hash = blake3(concatBytes(encoder.encode('SC_ADDRESS'), ctx.slot.executionTrailHash, u64be(ctx.slot.createdAddressIndex), u64be(nonce)));
    address = Address.fromHash('contract', hash).toString();
    if (!ctx.ledger.hasEntry(address)) break;
  }
  const creator = currentAddress(ctx);
  if (!ctx.ledger.hasEntry(creator)) {
    throw new ContextError(`could not create SC address ${address}: creator address ${creator} does not exist`);
  }
  if (bytecode.length > limits.maxBytecodeSize) {
    throw new ContextError(`could not create SC address ${address}: bytecode size exceeds maximum allowed size`);
  }
  const cost = limits.ledgerEntryBaseCost + limits.ledgerCostPerByte * BigInt(bytecode.length);
  transferCoins(ctx, creator, undefined, cost, false);
  ctx.ledger.createEntry(address);
  ctx.ledger.setBytecode(address, bytecode.slice());
  ctx.currentFrame!.ownedAddresses.push(address);
  ctx.slot.createdAddressIndex++;
  return address;
}

export function setBytecode(ctx: ExecutionContext, address: string, bytecode: Uint8Array): void {
  if (!ctx.hasWriteRightsOn(address)) {
    throw new ContextError(`setting the bytecode of address ${address} is not allowed in this context`);
  }
  if (!isContractAddress(address)) {
    throw new ContextError(`can't set the bytecode of address ${address} because this is not a smart contract address`);
  }
  const payer = currentAddress(ctx);
  if (!ctx.ledger.hasEntry(address)) {
    throw new ContextError(`could not set bytecode for address ${address}: address does not exist`);
  }
  if (bytecode.length > ctx.host.limits.maxBytecodeSize) {
    throw new ContextError(`could not set bytecode for address ${address}: bytecode size exceeds maximum allowed size`);
  }
  const oldSize = BigInt(ctx.ledger.getBytecode(address)?.length ?? 0);
  const delta = BigInt(bytecode.length) - oldSize;
  const cost = ctx.host.limits.ledgerCostPerByte * (delta < 0n ? -delta : delta);
  if (delta > 0n) transferCoins(ctx, payer, undefined, cost, false);
  else if (delta < 0n) transferCoins(ctx, undefined, payer, cost, false);
  ctx.ledger.setBytecode(address, bytecode.slice());
}

function datastoreEntryCost(ctx: ExecutionContext, key: Uint8Array, value: Uint8Array): bigint {
  const limits = ctx.host.limits;
  return limits.ledgerCostPerByte * BigInt(limits.ledgerEntryDatastoreBaseSize + key.length + value.length);
}

function chargeEntryChange(ctx: ExecutionContext, payer: string, key: Uint8Array, oldValue: Uint8Array | undefined, newValue: Uint8Array | undefined): void {
  const oldCost = oldValue === undefined ? 0n : datastoreEntryCost(ctx, key, oldValue);
  const newCost = newValue === undefined ? 0n : datastoreEntryCost(ctx, key, newValue);
  try {
    if (newCost > oldCost) transferCoins(ctx, payer, undefined, newCost - oldCost, false);
    else if (newCost < oldCost) transferCoins(ctx, undefined, payer, oldCost - newCost, false);
  } catch (error) {
    if (!(error instanceof ContextError)) throw error;
    throw new ContextError(`failed to charge storage costs for datastore entry change: ${error.display}`, 'MASON_VM_COINS');
  }
}

function writeEntry(ctx: ExecutionContext, address: string, key: Uint8Array, value: Uint8Array): void {
  const limits = ctx.host.limits;
  if (!ctx.ledger.hasEntry(address)) {
    throw new ContextError(`could not set data for address ${address}: address does not exist`);
  }
  if (key.length === 0 || key.length > limits.maxDatastoreKeyLength) {
    throw new ContextError(`key length is ${key.length}, but it must be in [0..=${limits.maxDatastoreKeyLength}]`);
  }
  if (value.length > limits.maxDatastoreValueSize) {
    throw new ContextError(`value length is ${value.length}, but it must be in [0..=${limits.maxDatastoreValueSize}]`);
  }
  chargeEntryChange(ctx, currentAddress(ctx), key, ctx.ledger.getDataEntry(address, key), value);
  ctx.ledger.setDataEntry(address, key, value.slice());
}

/** Sets a datastore entry; the current address pays (or is refunded) the storage difference. */
export function setDataEntry(ctx: ExecutionContext, address: string, key: Uint8Array, value: Uint8Array): void {
  if (!ctx.hasWriteRightsOn(address)) {
    throw new ContextError(`writing in the datastore of address ${address} is not allowed in this context`);
  }
  writeEntry(ctx, address, key, value);
  ctx.tracer?.effect(storageWrite(address, key, value));
}

export function appendDataEntry(ctx: ExecutionContext, address: string, key: Uint8Array, value: Uint8Array): void {
  if (!ctx.hasWriteRightsOn(address)) {
    throw new ContextError(`appending to the datastore of address ${address} is not allowed in this context`);
  }
  const old = ctx.ledger.getDataEntry(address, key);
  if (old === undefined) {
    throw new ContextError(`appending to the datastore of address ${address} failed: entry ${debugBytes(key)} not found`);
  }
  const appended = concatBytes(old, value);
  writeEntry(ctx, address, key, appended);
  ctx.tracer?.effect(storageWrite(address, key, appended));
}

export function deleteDataEntry(ctx: ExecutionContext, address: string, key: Uint8Array): void {
  if (!ctx.hasWriteRightsOn(address)) {
    throw new ContextError(`deleting from the datastore of address ${address} is not allowed in this context`);
  }
  const old = ctx.ledger.getDataEntry(address, key);
  if (old === undefined) {
    throw new ContextError(`could not delete data entry ${debugBytes(key)} for address ${address}: entry or address does not exist`);
  }
  chargeEntryChange(ctx, currentAddress(ctx), key, old, undefined);
  ctx.ledger.setDataEntry(address, key, null);
  ctx.tracer?.effect(storageDelete(address, key));
}
