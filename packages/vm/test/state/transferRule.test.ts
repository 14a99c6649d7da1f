import { MAX_AMOUNT } from '@mason/codec';
import { describe, expect, it } from 'vitest';
import { planTransfer, TransferRefused } from '../../src/state/transferRule.js';

// The node's transfer_coins rule, which every coin move of the VM and the devnet goes through.

const A = 'AU12dG5xP1RDEB5ocdHkymNVvvSJmUL9BgHwCksDowqmGWxfpm93x';
const B = 'AU1wN8rn4SkwYSTDF3dHFY4U28KtsqKL1NnEjDZhHnHEy6cEQm53';
const SC = 'AS12mzL2UWroPV7zzHpwHFnF3EWUDnkvGYHnXBDqVbdUHmnJxBn8Y';
const ENTRY = 1_000_000n;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TransferRefused);
    return (error as Error).message;
  }
  throw new Error('the transfer was accepted');
}

describe('planTransfer', () => {
  const balances = new Map<string, bigint>([
    [A, 5_000_000n],
    [SC, 0n],
  ]);
  const balanceOf = (address: string) => balances.get(address);

  it('moves coins between entries, to itself, and creates a user entry for its cost', () => {
    expect(planTransfer(balanceOf, A, SC, 2_000_000n, ENTRY)).toEqual({
      from: { address: A, balance: 3_000_000n },
      to: { address: SC, balance: 2_000_000n, create: false },
    });
    expect(planTransfer(balanceOf, A, A, 1n, ENTRY)).toEqual({
      from: { address: A, balance: 4_999_999n },
      to: { address: A, balance: 5_000_000n, create: false },
    });
    expect(planTransfer(balanceOf, A, B, ENTRY, ENTRY).to).toEqual({ address: B, balance: 0n, create: true });
    expect(planTransfer(balanceOf, undefined, B, 3_000_000n, ENTRY)).toEqual({ to: { address: B, balance: 2_000_000n, create: true } });
    expect(planTransfer(balanceOf, A, undefined, 5_000_000n, ENTRY)).toEqual({ from: { address: A, balance: 0n } });
  });

  it("refuses with the node's texts", () => {
    expect(refusal(() => planTransfer(balanceOf, B, A, 1n, ENTRY))).toBe(`spending address ${B} not found`);
    expect(refusal(() => planTransfer(balanceOf, A, SC, 6_000_000n, ENTRY))).toBe(
      `failed to transfer 0.006 coins from spending address ${A} due to insufficient balance 0.005`,
    );
    expect(refusal(() => planTransfer(balanceOf, A, 'AS1nothingHere', 1n, ENTRY))).toBe(
      'cannot transfer coins to non-existing smart contract address AS1nothingHere',
    );
    expect(refusal(() => planTransfer(balanceOf, A, B, ENTRY - 1n, ENTRY))).toBe(`insufficient amount 0.000999999 to create credited address ${B}`);
    expect(refusal(() => planTransfer(balanceOf, undefined, A, MAX_AMOUNT, ENTRY))).toMatch(
      /^overflow in crediting address AU\w+ balance 0\.005 due to adding 18446744073\.709551615 coins to balance$/,
    );
  });
});
