// @mason/testing — helpers for unit tests run by `mason test` (as-pect hosted by Mason's VM).
// They talk to the test host through the `mason_testing` imports: use them in specs, never in a
// contract.
export { Account, account, DEFAULT_CALLER, DEFAULT_CONTRACT } from './accounts';
export {
  setBalance,
  setCallee,
  setCaller,
  setCallStack,
  setChainId,
  setDeployContext,
  setSlot,
  setTimestamp,
  setTransferredCoins,
} from './callContext';
export { clearOpData, deleteOpData, setOpData } from './opDatastore';
export { clearEvents, Event, events, lastEvent } from './events';
export { call, deploy, readFile } from './contracts';
export { resetBetweenTests, resetVm } from './reset';
export { deleteStorageOf, revertState, setBytecodeOf, setStorageOf, snapshotState } from './state';
