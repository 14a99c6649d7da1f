import { Args, bytesToString, bytesToU64 } from '@mason/sdk';
import { DEFAULT_CALLER, account, lastEvent, resetBetweenTests, setCaller, setDeployContext } from '@mason/testing';
import {
  allowance,
  approve,
  balanceOf,
  constructor,
  decimals,
  mint,
  name,
  owner,
  symbol,
  totalSupply,
  transfer,
  transferFrom,
} from '../contracts/token';

resetBetweenTests();

const ALICE = account(1).address;
const BOB = account(2).address;

function balance(who: string): u64 {
  return bytesToU64(balanceOf(new Args().add(who).serialize()));
}

function allowed(holder: string, spender: string): u64 {
  return bytesToU64(allowance(new Args().add(holder).add(spender).serialize()));
}

beforeEach(() => {
  setDeployContext();
  constructor(new Args().add('Mason Token').add('MSN').add<u8>(9).add<u64>(1_000_000).serialize());
  setCaller(DEFAULT_CALLER);
});

describe('metadata', () => {
  test('name, symbol, decimals, owner and supply', () => {
    expect(bytesToString(name([]))).toBe('Mason Token');
    expect(bytesToString(symbol([]))).toBe('MSN');
    expect(decimals([])[0]).toBe(9);
    expect(bytesToString(owner([]))).toBe(DEFAULT_CALLER);
    expect(bytesToU64(totalSupply([]))).toBe(1_000_000);
    expect(balance(DEFAULT_CALLER)).toBe(1_000_000);
  });
});

describe('transfer', () => {
  test('moves tokens and emits TRANSFER', () => {
    transfer(new Args().add(ALICE).add<u64>(250).serialize());
    expect(balance(DEFAULT_CALLER)).toBe(999_750);
    expect(balance(ALICE)).toBe(250);
    expect(lastEvent().data).toBe(`TRANSFER:${DEFAULT_CALLER},${ALICE},250`);
  });

  test('refuses more than the balance', () => {
    setCaller(ALICE);
    expect(() => {
      transfer(new Args().add(BOB).add<u64>(1).serialize());
    }).toThrow();
    expect(balance(BOB)).toBe(0);
  });

  test('refuses an invalid recipient', () => {
    expect(() => {
      transfer(new Args().add('not an address').add<u64>(1).serialize());
    }).toThrow();
  });
});

describe('allowances', () => {
  test('approve then transferFrom within the allowance', () => {
    approve(new Args().add(ALICE).add<u64>(100).serialize());
    expect(allowed(DEFAULT_CALLER, ALICE)).toBe(100);
    setCaller(ALICE);
    transferFrom(new Args().add(DEFAULT_CALLER).add(BOB).add<u64>(60).serialize());
    expect(balance(BOB)).toBe(60);
    expect(allowed(DEFAULT_CALLER, ALICE)).toBe(40);
  });

  test('transferFrom beyond the allowance fails and changes nothing', () => {
    approve(new Args().add(ALICE).add<u64>(10).serialize());
    setCaller(ALICE);
    expect(() => {
      transferFrom(new Args().add(DEFAULT_CALLER).add(BOB).add<u64>(11).serialize());
    }).toThrow();
    expect(balance(BOB)).toBe(0);
    expect(allowed(DEFAULT_CALLER, ALICE)).toBe(10);
  });
});

describe('mint', () => {
  test('the owner mints, supply grows', () => {
    mint(new Args().add(BOB).add<u64>(5).serialize());
    expect(balance(BOB)).toBe(5);
    expect(bytesToU64(totalSupply([]))).toBe(1_000_005);
    expect(lastEvent().data).toBe(`MINT:${BOB},5`);
  });

  test('anyone else is refused', () => {
    setCaller(ALICE);
    expect(() => {
      mint(new Args().add(ALICE).add<u64>(5).serialize());
    }).toThrow();
    expect(bytesToU64(totalSupply([]))).toBe(1_000_000);
  });
});
