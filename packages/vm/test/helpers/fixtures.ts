import { Args, MAS, SecretKey } from '@mason/codec';
import { MemoryLedger, Vm, type ExecutionResult } from '../../src/index.js';
import { deployerDatastore } from '@mason/test-utils';
import { compileContract } from './compileContract.js';

export const CHAIN_ID = 77n;
export const SENDER = SecretKey.fromSeed(new Uint8Array(32).fill(1)).publicKey.address().toString();
export const OTHER = SecretKey.fromSeed(new Uint8Array(32).fill(2)).publicKey.address().toString();
export const CONTEXT = { slot: { period: 12, thread: 18 }, timestamp: 1_760_000_006_000 };
export const MAX_GAS = 3_980_167_295n;
export const CALL_GAS = 100_000_000n;

export interface Contracts {
  tester: Uint8Array;
  deployer: Uint8Array;
  script: Uint8Array;
}

let compiled: Promise<Contracts> | undefined;

/** Compiles the test contracts once per test file. */
export function contracts(): Promise<Contracts> {
  compiled ??= (async () => ({
    tester: await compileContract('tester'),
    deployer: await compileContract('deployer'),
    script: await compileContract('script'),
  }))();
  return compiled;
}

/** The operation datastore of the deployer convention (reference §13). */
export { deployerDatastore };

export interface World {
  vm: Vm;
  ledger: MemoryLedger;
  code: Contracts;
  tester: string;
  deploy: ExecutionResult;
}

/** A VM with a funded sender and the tester contract deployed through the deployer. */
export async function world(): Promise<World> {
  const code = await contracts();
  const ledger = new MemoryLedger({ [SENDER]: { balance: 1_000n * MAS }, [OTHER]: { balance: 10n * MAS } });
  const vm = new Vm({ state: ledger, chainId: CHAIN_ID });
  const deploy = vm.executeSC({
    bytecode: code.deployer,
    caller: SENDER,
    maxGas: MAX_GAS,
    datastore: deployerDatastore([{ bytecode: code.tester, args: new Args().addString('Mason').serialize(), coins: MAS }]),
    context: CONTEXT,
    operationId: 'O1deploy',
  });
  if (!deploy.ok) throw new Error(`deploy failed: ${deploy.error?.nodeMessage}`);
  return { vm, ledger, code, tester: deploy.createdAddresses[0]!, deploy };
}

/** Deploys one more tester contract (constructor coins cover its storage) and returns its address. */
export function deployTester(w: World, name: string): string {
  const result = w.vm.executeSC({
    bytecode: w.code.deployer,
    caller: SENDER,
    maxGas: MAX_GAS,
    datastore: deployerDatastore([{ bytecode: w.code.tester, args: new Args().addString(name).serialize(), coins: MAS / 10n }]),
    context: CONTEXT,
  });
  if (!result.ok) throw new Error(`deploy failed: ${result.error?.nodeMessage}`);
  return result.createdAddresses[0]!;
}
