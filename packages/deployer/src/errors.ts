import { defineErrors, type CodedError } from '@mason/codec';

/** Every way a deployment can fail, with what to do about it. */
export const deployErrors = {
  MASON_DEPLOY_NOT_BUILT: 'there is no built contract "{contract}" (built: {available}). Run `mason build` first, or name one of those.',
  MASON_DEPLOY_NO_NODE: 'no Massa node answers at {url}. {hint}',
  MASON_DEPLOY_INSUFFICIENT_BALANCE:
    '{address} has {balance} MAS (candidate) but the deployment needs {needed} MAS (fee {fee} + storage {storage} + coins {coins}). Fund the account, or lower --coins.',
  MASON_DEPLOY_WOULD_FAIL: 'the deployment would fail, so nothing was sent: {error}',
  MASON_DEPLOY_TOO_LARGE:
    'the contract is {size} bytes; a deployment carries at most {limit} bytes. Split the contract or shrink it (optimizeLevel 3, shrinkLevel 2).',
  MASON_DEPLOY_EXPIRED:
    'operation {operationId} expired (period {expirePeriod}) without being included in a block: nothing was spent. Run the deployment again.',
  MASON_DEPLOY_TIMEOUT:
    'operation {operationId} did not reach the "{stage}" stage within {timeoutMs} ms (last status: {status}). It may still complete: run the same command again to resume waiting; it will not deploy twice.',
  MASON_DEPLOY_FAILED: 'the deployment failed on chain (the fee was spent): {error}',
  MASON_DEPLOY_PENDING_MISMATCH:
    'an interrupted deployment of "{contract}" (operation {operationId}, sent {sentAt}) is pending in {path}, and this run differs from it in: {differences}. Nothing was sent. Run it with the same inputs as before to resume it, or add --fresh (fresh: true) to discard it and deploy these inputs — the discarded operation may still be executed until period {expirePeriod}, creating a contract of its own.',
  MASON_DEPLOY_RECORDS_CORRUPT:
    '{path} is not a valid deployments file ({where}: {reason}). Fix or restore it (it is JSON; git keeps its history), or move it away to start a new record.',
  MASON_DEPLOY_ADDRESS_NOT_FOUND:
    'operation {operationId} succeeded but no deployer event announced an address: was the bytecode a Mason deployer (build/<name>.deployer.wasm)?',
  // Deployment scripts (deploy/<name>.ts).
  MASON_DEPLOY_SCRIPT_NOT_FOUND:
    'there is no deployment script "{name}": looked for {looked}{available}. Create deploy/{name}.ts (export default buildModule(…)).',
  MASON_DEPLOY_SCRIPT_LOAD_FAILED: '{path} could not be loaded: {reason}',
  MASON_DEPLOY_SCRIPT_INVALID: 'deployment module {module}: {reason}',
  MASON_DEPLOY_SCRIPT_CYCLE: 'the steps of {module} wait for each other in a cycle: {cycle}. Remove one of these dependencies (an argument or an `after`).',
  MASON_DEPLOY_SCRIPT_BAD_ARGS: 'step "{step}": the arguments do not fit {contract}.{func}({signature}); nothing was sent:\n  {problems}',
  MASON_DEPLOY_SCRIPT_NO_FUNCTION: 'step "{step}": {contract} exports no function "{func}" (its exports: {exports}). Nothing was sent.',
  MASON_DEPLOY_SCRIPT_MISSING_EXPORTS:
    'step "{step}": the new code ({newContract}) does not export {missing}, which {why}. Nothing was sent: add the export(s) to {newContract}, or upgrade to another contract.',
  MASON_DEPLOY_SCRIPT_CHANGED:
    'step "{step}" of {module} was {state} on {network} with other inputs ({differences}). Nothing was sent. To deploy the module as it is now, run with `--reset {step}` (redo this step and those after it that use it) or `--replan` (redo every changed step); to keep what was deployed, restore the module.',
  MASON_DEPLOY_SCRIPT_INSUFFICIENT_BALANCE:
    '{address} has {balance} MAS (candidate) but the {count} step(s) left of {module} need up to {needed} MAS ({breakdown}). Nothing was sent: fund the account, or send fewer coins.',
  MASON_DEPLOY_SCRIPT_GONE:
    'step "{step}" of {module} is recorded as deployed at {address}, but {network} holds no contract there (a devnet restarted without its state, or records of another chain). Nothing was sent. Run with `--replan` to deploy again what is gone (and the steps that use it), or `--reset {step}`.',
  MASON_DEPLOY_SCRIPT_UNKNOWN_STEP: '--reset {step}: {module} has no such step (its steps: {steps}).',
} as const;

export type DeployErrorCode = keyof typeof deployErrors;

const defined = defineErrors(deployErrors, 'deploy.md', { name: 'DeployError' });

/** A deployment that failed or was refused; `DeployError<'MASON_DEPLOY_…'>` has that code's context. */
export const DeployError = defined.Error;
export type DeployError<C extends DeployErrorCode = DeployErrorCode> = CodedError<typeof deployErrors, C>;

/** True for a DeployError (with `code` when given), also one made by another copy of @mason/deployer. */
export const isDeployError = defined.is;
