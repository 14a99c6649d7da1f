import type { HostedFrame, HostedInstance } from '@mason/vm';
import { TestingError } from './errors.js';

/** What vm-mock's helpers change through the test host. */
export interface HostFrames {
  readonly hosted: HostedInstance;
  /** The call stack, bottom → top (a copy). */
  readonly frames: HostedFrame[];
  /** Sets the call stack with the host's rules (operation datastore, ledger entries, write access). */
  applyFrames(frames: HostedFrame[]): void;
  /** The address a helper was given, as the host's profile accepts it. */
  checkAddress(address: string): string;
  /** Back to the initial state. */
  reset(): void;
}

/**
 * vm-mock's helpers that keep state of their own: write access, the `mockScCall` queue and the
 * coins its calls spent. Each maps onto the host's real ledger and call stack.
 */
export class VmMockHelpers {
  /** vm-mock's write access: once granted, the caller may write to the contract whatever the stack. */
  writeAccess = false;
  /** vm-mock's `mockScCall` values, returned by the next calls instead of running a contract. */
  private readonly mockedCalls: Uint8Array[] = [];
  /** vm-mock's coins spent by mocked calls, which its balance of the contract leaves out. */
  private mockedSpent = 0n;

  constructor(private readonly host: HostFrames) {}

  /** Forgets the mocks and write access (the host's reset). */
  reset(): void {
    this.mockedCalls.length = 0;
    this.mockedSpent = 0n;
    this.writeAccess = false;
  }

  /** With vm-mock's write access, the caller owns the contract on top of the stack. */
  withWriteAccess(frames: HostedFrame[]): HostedFrame[] {
    const top = frames.length - 1;
    if (this.writeAccess && top > 0) {
      const caller = frames[top - 1]!;
      const owned = caller.ownedAddresses ?? [caller.address];
      if (!owned.includes(frames[top]!.address)) frames[top - 1] = { ...caller, ownedAddresses: [...owned, frames[top]!.address] };
    }
    return frames;
  }

  /** vm-mock's `call`/`local_call` return the queued `mockScCall` values first. */
  callImports(massa: Record<string, Function>): Record<string, Function> {
    const { hosted } = this.host;
    const call = massa.assembly_script_call!;
    const localCall = massa.assembly_script_local_call!;
    const mocked = (functionName: number, coins: bigint): number => {
      const top = this.host.frames[this.host.frames.length - 1]!.address;
      const balance = hosted.state.getBalance(top) ?? 0n;
      if (coins > balance) throw new TestingError('MASON_TESTING_MOCKED_CALL', { function: hosted.readString(functionName), coins, balance });
      hosted.setBalance(top, balance - coins);
      this.mockedSpent += coins;
      return hosted.newBuffer(this.mockedCalls.shift()!);
    };
    return {
      assembly_script_call: (address: number, fn: number, param: number, coins: bigint) =>
        this.mockedCalls.length > 0 ? mocked(fn, BigInt.asUintN(64, coins)) : call(address, fn, param, coins),
      assembly_script_local_call: (address: number, fn: number, param: number) =>
        this.mockedCalls.length > 0 ? mocked(fn, 0n) : localCall(address, fn, param),
    };
  }

  /** vm-mock's `mockScCall(value)`: the next call returns `value` instead of running a contract. */
  mockCall(value: Uint8Array): void {
    this.mockedCalls.push(value);
  }

  /**
   * vm-mock's `resetStorage()`: a new ledger and mocks (a mocked time gives way to the wall clock);
   * the call stack, write access and slot stay.
   */
  resetStorage(): void {
    const { hosted } = this.host;
    const frames = this.host.frames;
    const slot = hosted.slot;
    const writeAccess = this.writeAccess;
    this.host.reset();
    this.writeAccess = writeAccess;
    hosted.setSlot({ slot: slot.slot, timestamp: Date.now() });
    this.host.applyFrames(frames.map((frame) => ({ address: frame.address })));
  }

  /** vm-mock's `mockAdminContext(isAdmin)`: whether the caller may write to the contract (deploy, set bytecode). */
  setWriteAccess(granted: boolean): void {
    this.writeAccess = granted;
    this.host.applyFrames(this.host.frames.map((frame) => ({ ...frame, ownedAddresses: [frame.address] })));
  }

  /** vm-mock's `setLocalContext(address?)`: the address calls itself, with write access. */
  setLocalContext(address?: string): void {
    const frames = this.host.frames;
    const self = address ? this.host.checkAddress(address) : frames[frames.length - 1]!.address;
    this.writeAccess = true;
    this.host.applyFrames([{ address: self }, { address: self }]);
  }

  /** vm-mock's `addAddressToLedger(address)`: an empty entry (balance 0, no data). */
  addAddressToLedger(address: string): void {
    this.host.hosted.setBalance(this.host.checkAddress(address), 0n);
  }

  /** vm-mock's `mockBalance`: the contract's balance leaves out the coins of the call. */
  mockBalance(address: string, amount: bigint): void {
    const target = this.host.checkAddress(address);
    const frames = this.host.frames;
    const top = frames[frames.length - 1]!;
    const ofCall = target === top.address ? (top.coins ?? 0n) - this.mockedSpent : 0n;
    this.host.hosted.setBalance(target, amount + ofCall > 0n ? amount + ofCall : 0n);
  }

  /** vm-mock's `setCallCoins`/`mockTransferredCoins`: the caller pays `amount` again; 0 takes the coins of the call back from the contract. */
  setCallCoins(amount: bigint): void {
    const { hosted } = this.host;
    const frames = this.host.frames;
    if (frames.length < 2) throw new TestingError('MASON_TESTING_NO_CALLER', { helper: 'mockTransferredCoins' });
    const callee = frames[frames.length - 1]!;
    const caller = frames[frames.length - 2]!;
    const previous = callee.coins ?? 0n;
    const callerBalance = hosted.state.getBalance(caller.address) ?? 0n;
    if (amount > callerBalance) {
      throw new TestingError('MASON_TESTING_INSUFFICIENT_BALANCE', { helper: 'mockTransferredCoins', address: caller.address, balance: callerBalance, amount });
    }
    hosted.setBalance(caller.address, callerBalance - amount);
    const calleeBalance = (hosted.state.getBalance(callee.address) ?? 0n) + amount - previous;
    hosted.setBalance(callee.address, calleeBalance > 0n ? calleeBalance : 0n);
    callee.coins = amount;
    this.host.applyFrames(frames);
  }

  /**
   * vm-mock's call-stack helpers (`changeCallStack`, `setDeployContext`, `setLocalContext`) change
   * the stack, not the coins of the call (one value in vm-mock, kept until `mockTransferredCoins(0)`
   * or `resetStorage()`): they stay with the new top frame, and move to it if it is another address.
   */
  keepingCallCoins(change: () => void): void {
    const { hosted } = this.host;
    const before = this.host.frames;
    const previous = before[before.length - 1]!;
    const coins = previous.coins ?? 0n;
    change();
    if (coins === 0n) return;
    const frames = this.host.frames;
    const top = frames[frames.length - 1]!;
    if (top.address !== previous.address) {
      const held = hosted.state.getBalance(previous.address) ?? 0n;
      const moved = held < coins ? held : coins;
      hosted.setBalance(previous.address, held - moved);
      hosted.setBalance(top.address, (hosted.state.getBalance(top.address) ?? 0n) + moved);
    }
    top.coins = coins;
    this.host.applyFrames(frames);
  }

  /**
   * Runs `body` (one ABI of the spec module) with its frame owning `address` too: vm-mock lets a
   * spec write to any address. Contracts run by `call` get their own frames, with the node's rule.
   */
  withWriteRightsOn<T>(address: string, body: () => T): T {
    const { hosted } = this.host;
    const frames = this.host.frames;
    const top = frames.length - 1;
    const owned = frames[top]?.ownedAddresses ?? [];
    if (top < 0 || owned.includes(address)) return body();
    hosted.setCallStack(frames.map((frame, index) => (index === top ? { ...frame, ownedAddresses: [...owned, address] } : frame)));
    try {
      return body();
    } finally {
      hosted.setCallStack(frames);
    }
  }
}
