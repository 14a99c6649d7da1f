import type { Devnet, DevnetStateControl } from '@mason/devnet';

/**
 * The devnet's state control (`setBalance`, `impersonate`, `advanceCycles`…) as fixture helpers:
 * the same methods, refused once the fixture is closed (`open` throws MASON_TESTING_FIXTURE_CLOSED).
 */
export function fixtureStateControl(devnet: Devnet, open: (helper: string) => void): Omit<DevnetStateControl, 'advanceSlots'> {
  const guarded =
    <A extends unknown[], R>(name: string, run: (...args: A) => R) =>
    (...args: A): R => {
      open(name);
      return run(...args);
    };
  return {
    setBalance: guarded('setBalance', devnet.setBalance),
    setDatastoreEntry: guarded('setDatastoreEntry', devnet.setDatastoreEntry),
    deleteDatastoreEntry: guarded('deleteDatastoreEntry', devnet.deleteDatastoreEntry),
    setBytecode: guarded('setBytecode', devnet.setBytecode),
    setRolls: guarded('setRolls', devnet.setRolls),
    impersonate: guarded('impersonate', devnet.impersonate),
    stopImpersonating: guarded('stopImpersonating', devnet.stopImpersonating),
    impersonated: guarded('impersonated', devnet.impersonated),
    advancePeriods: guarded('advancePeriods', devnet.advancePeriods),
    advanceCycles: guarded('advanceCycles', devnet.advanceCycles),
    advanceTo: guarded('advanceTo', devnet.advanceTo),
    dumpState: guarded('dumpState', devnet.dumpState),
    snapshot: guarded('snapshot', devnet.snapshot),
    revert: guarded('revert', devnet.revert),
  };
}
