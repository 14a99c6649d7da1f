// The execution context of the running call, imported as the `Context` namespace.
import { Address } from './Address';
import { parseAddressList } from './addressList';
import { Slot } from './Slot';
import * as env from './env/index';

/** The call stack, bottom (transaction creator) to top (current contract). */
export function addressStack(): Array<Address> {
  return parseAddressList(env.getCallStack());
}

/** Addresses the current frame may write to: the current contract plus those it created in this call. */
export function ownedAddresses(): Array<Address> {
  return parseAddressList(env.getOwnedAddresses());
}

/** The current contract (top of the call stack). */
export function callee(): Address {
  const stack = addressStack();
  return stack[stack.length - 1];
}

/** Who called the current contract: the frame below the top, or the current address if there is none. */
export function caller(): Address {
  const stack = addressStack();
  return stack.length < 2 ? stack[stack.length - 1] : stack[stack.length - 2];
}

/** The operation's sender (bottom of the call stack). */
export function transactionCreator(): Address {
  return addressStack()[0];
}

/** Whether the caller owns the current address (true inside a constructor called by the deployer). */
export function callerHasWriteAccess(): bool {
  return env.callerHasWriteAccess();
}

/**
 * True while the contract is being deployed: the caller owns it (it just created it) and is not
 * the contract itself. Guard `constructor` with `assert(Context.isDeployingContract(), …)`.
 */
export function isDeployingContract(): bool {
  if (!env.callerHasWriteAccess()) return false;
  const stack = addressStack();
  return stack.length >= 2 && stack[stack.length - 1] != stack[stack.length - 2];
}

/** nanoMAS sent along with the current call. */
export function transferredCoins(): u64 {
  return env.getCallCoins();
}

/** Timestamp of the current slot, in milliseconds. */
export function timestamp(): u64 {
  return env.getTime();
}

export function currentPeriod(): u64 {
  return env.getCurrentPeriod();
}

export function currentThread(): u8 {
  return <u8>env.getCurrentThread();
}

export function currentSlot(): Slot {
  return new Slot(env.getCurrentPeriod(), <u8>env.getCurrentThread());
}

export function remainingGas(): u64 {
  return env.getRemainingGas();
}

/** 77658377 on mainnet, 77658366 on buildnet, 77 on a sandbox/devnet. */
export function chainId(): u64 {
  return env.chainId();
}

/** The id (`O…`) of the operation being executed, or null (e.g. in an async message). */
export function originOperationId(): string | null {
  const id = env.getOriginOperationId();
  return id.length ? id : null;
}
