import type { HostedInstance } from '@mason/vm';
import { DEFAULT_GAS } from './defaults.js';
import { TestingError } from './errors.js';

/**
 * Deploys `bytecode` as a deployer does, as its own operation: the transaction creator (the
 * bottom of the call stack) creates the contract, paying its storage, and calls its `constructor`,
 * if any, with `args` and `coins`. The call stack and the test's gas are restored after.
 */
export function deployFromSpec(
  hosted: HostedInstance,
  unpin: ((pointer: number) => void) | undefined,
  bytecode: Uint8Array,
  args: Uint8Array,
  coins: bigint,
): string {
  const { massa } = hosted.imports;
  const saved = hosted.frames;
  const gas = hosted.gas;
  hosted.setCallStack([{ address: saved[0]!.address }]);
  hosted.beginOperation(DEFAULT_GAS);
  const pinned: number[] = [];
  try {
    const address = massa.assembly_script_create_sc!(hosted.newBuffer(bytecode)) as number;
    const constructorName = hosted.newString('constructor');
    pinned.push(address, constructorName);
    if (massa.assembly_script_function_exists!(address, constructorName)) {
      massa.assembly_script_call!(address, constructorName, hosted.newBuffer(args), coins);
    }
    return hosted.readString(address);
  } catch (error) {
    const reason = hosted.describeError(error)?.message ?? (error instanceof Error ? error.message : String(error));
    throw new TestingError('MASON_TESTING_DEPLOY_FAILED', { reason }, { cause: error });
  } finally {
    for (const pointer of pinned) unpin?.(pointer);
    hosted.setCallStack(saved);
    hosted.beginOperation(gas);
  }
}
