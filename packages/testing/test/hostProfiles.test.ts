import { describe, expect, it } from 'vitest';
import { masonProfile, vmMockProfile } from '../src/hostProfiles.js';
import { ACCOUNT_BALANCE, CONTRACT_BALANCE, DEFAULT_CALLER, DEFAULT_CONTRACT, FUNDED_ACCOUNTS, TestHost, type TestingError } from '../src/index.js';
import { VM_MOCK_BALANCE, VM_MOCK_CALLER, VM_MOCK_CHAIN_ID, VM_MOCK_CONTRACT, VM_MOCK_SLOT } from '../src/vmMock.js';

const refusal = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return (error as TestingError).code;
  }
  return undefined;
};

describe('host profiles', () => {
  it("Mason's: its defaults, a funded ledger, storage charged, valid addresses only", () => {
    const profile = masonProfile(undefined);
    expect(profile.vmMock).toBe(false);
    expect([profile.caller, profile.contract, profile.chainId]).toEqual([DEFAULT_CALLER, DEFAULT_CONTRACT, 77n]);
    expect(profile.ledger[DEFAULT_CONTRACT]).toEqual({ balance: CONTRACT_BALANCE });
    for (const account of FUNDED_ACCOUNTS) expect(profile.ledger[account]).toEqual({ balance: ACCOUNT_BALANCE });
    expect(profile.vm).toEqual({ lenientAddresses: false });
    expect(profile.address(DEFAULT_CALLER)).toBe(DEFAULT_CALLER);
    expect(refusal(() => profile.address('AUmadeUp'))).toBe('MASON_TESTING_INVALID_ADDRESS');
    expect(masonProfile(5).chainId).toBe(5n);
  });

  it("vm-mock's: its defaults, no storage cost, any non-empty string as an address", () => {
    const profile = vmMockProfile(undefined);
    expect(profile.vmMock).toBe(true);
    expect([profile.caller, profile.contract, profile.chainId, profile.slot]).toEqual([VM_MOCK_CALLER, VM_MOCK_CONTRACT, VM_MOCK_CHAIN_ID, VM_MOCK_SLOT]);
    expect(profile.ledger).toEqual({ [VM_MOCK_CALLER]: { balance: VM_MOCK_BALANCE }, [VM_MOCK_CONTRACT]: { balance: VM_MOCK_BALANCE } });
    expect(profile.vm).toEqual({ lenientAddresses: true, limits: { ledgerCostPerByte: 0n, ledgerEntryBaseCost: 0n } });
    expect(profile.address('AUmadeUp')).toBe('AUmadeUp');
    expect(profile.address(DEFAULT_CALLER)).toBe(DEFAULT_CALLER);
    expect(refusal(() => profile.address(''))).toBe('MASON_TESTING_INVALID_ADDRESS');
  });

  it('the host takes its starting point and its rules from the profile the vmMock option chooses', () => {
    const mason = new TestHost();
    expect(mason.profile.vmMock).toBe(false);
    expect(mason.frames.map((frame) => [frame.address, frame.operationDatastore])).toEqual([
      [DEFAULT_CALLER, undefined],
      [DEFAULT_CONTRACT, undefined],
    ]);
    expect(refusal(() => mason.setCaller('AUmadeUp'))).toBe('MASON_TESTING_INVALID_ADDRESS');
    mason.setDeployContext();
    expect(mason.vmMockHelpers.writeAccess).toBe(false);

    const vmMock = new TestHost({ vmMock: true });
    expect(vmMock.profile.vmMock).toBe(true);
    expect(vmMock.hosted.chainId).toBe(VM_MOCK_CHAIN_ID);
    expect(vmMock.frames.map((frame) => [frame.address, frame.operationDatastore])).toEqual([
      [VM_MOCK_CALLER, undefined],
      [VM_MOCK_CONTRACT, []],
    ]);
    vmMock.setCaller('AUmadeUp');
    expect(vmMock.frames[0]!.address).toBe('AUmadeUp');
    vmMock.setDeployContext();
    expect(vmMock.vmMockHelpers.writeAccess).toBe(true);
  });
});
