import { defineErrors, formatTemplate, type CodedError } from '@mason/codec';

/** Stable error codes of @mason/testing, with the message template of each. */
export const TESTING_ERRORS = {
  MASON_TESTING_INVALID_ADDRESS: '"{address}" is not a valid Massa address (AU… for accounts, AS… for contracts); use account(i).address or DEFAULT_CONTRACT',
  MASON_TESTING_NO_CALLER: '{helper}() needs a caller below the contract in the call stack; set one with setCaller() or setCallStack()',
  MASON_TESTING_EMPTY_CALL_STACK: 'the call stack cannot be empty: give at least the address the code runs as',
  MASON_TESTING_INSUFFICIENT_BALANCE: '{helper}(): {address} has {balance} nanoMAS and cannot send {amount}; give it coins with setBalance()',
  MASON_TESTING_FILE_NOT_FOUND: 'readFile("{path}"): {absolute} does not exist; build it first (mason build, or asc)',
  MASON_TESTING_DEPLOY_FAILED: 'deploy() failed: {reason}',
  MASON_TESTING_NOT_INSTALLED: "{name} is not installed (looked up from {from}); install the project's dependencies (npm install)",
  MASON_TESTING_ACCOUNT_INDEX: 'account({index}): the index must be an integer from 0 to 4294967295',
  MASON_TESTING_CONFIG: 'cannot load the as-pect config {path}: {reason}',
  MASON_TESTING_NO_SPECS: 'no spec files match {patterns} in {root}; specs live in assembly/__tests__/**/*.spec.ts',
  MASON_TESTING_COMPILE: '{file} does not compile:\n{diagnostics}',
  MASON_TESTING_WORKER_FAILED: 'the worker thread compiling {file} failed: {reason}; run mason test --jobs 1 to compile in the main thread',
  MASON_TESTING_BAD_JOBS: 'jobs is {value}: give a whole number of spec files to compile at the same time, from 1 to {maximum}',
  MASON_TESTING_UNKNOWN_IMPORT: '{file} imports {module}.{name}, which neither a Massa node nor the test host provides{hint}',
  MASON_TESTING_START: '{file} could not start: {reason}',
  MASON_TESTING_TIMEOUT:
    'the test ran longer than {timeout} ms and was stopped (an endless loop?); if it really needs longer, raise the limit with mason test --timeout <ms>',
  MASON_TESTING_MOCKED_CALL:
    'mockScCall: the contract has {balance} nanoMAS and cannot send {coins} with the mocked call to {function}; give it coins with mockBalance()',
  MASON_TESTING_GAS_SNAPSHOT_CORRUPT: '{path}:{line}: not a gas snapshot line: {reason}. Fix the line, or write the file anew with mason test --gas-snapshot.',
  MASON_TESTING_GAS_SNAPSHOT_MISSING: 'there is no {path} to check against: write it first with mason test --gas-snapshot (and commit it).',
  MASON_TESTING_GAS_CHANGED:
    '{count} gas figure(s) changed beyond {tolerance} % of {path} (listed above). If the change is meant, write the snapshot anew with mason test --gas-snapshot.',
  MASON_TESTING_BAD_COVERAGE_THRESHOLD:
    'coverage threshold "{value}": {reason}; give kind=percent pairs separated by commas, kinds lines, branches, functions (e.g. lines=90,branches=80)',
  MASON_TESTING_COVERAGE_THRESHOLD:
    'coverage is below the threshold: {failures}. Add specs that run the uncovered lines and branches listed in the table above (or coverage/index.html), or lower the threshold.',
  MASON_TESTING_FIXTURE_ARGUMENT: '{what}: got {value}, expected {expected}',
  MASON_TESTING_SNAPSHOT_UNKNOWN:
    'revertState({id}): no such snapshot (snapshots now: {known}); a revert uses up its snapshot and every later one, and resetVm() forgets them all: take a new one with snapshotState()',
  MASON_TESTING_FIXTURE_CLOSED: "{helper}() was called after close(): the fixture's devnet is stopped; create another with devnetFixture()",
} as const;

export type TestingErrorCode = keyof typeof TESTING_ERRORS;

/** The table under the name every package gives its own (`<area>Errors`); `TESTING_ERRORS` is the same object, for existing imports. */
export const testingErrors = TESTING_ERRORS;

export function formatTestingMessage(code: TestingErrorCode, context: Record<string, unknown>): string {
  return formatTemplate(TESTING_ERRORS[code], context);
}

const defined = defineErrors(TESTING_ERRORS, 'testing.md', { name: 'TestingError' });

/** Misuse of a test helper or of the runner; its message says what to do. */
export const TestingError = defined.Error;
export type TestingError<C extends TestingErrorCode = TestingErrorCode> = CodedError<typeof TESTING_ERRORS, C>;

/** True for a TestingError (with `code` when given), also one made by another copy of @mason/testing. */
export const isTestingError = defined.is;
