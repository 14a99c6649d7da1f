import type { AbiJsValue } from '@mason/codec';

/** A value a step's arguments may hold: a plain value typed by the contract's ABI, or a contract of the module (its address). */
export type StepArgument = AbiJsValue | ContractFuture | StepArgument[] | { [field: string]: StepArgument };

/** Arguments of a step: one value per parameter (typed by `build/<name>.abi.json`), or the `Args` bytes themselves. */
export type StepArguments = readonly StepArgument[] | Uint8Array;

/** Coins: nanoMAS as a bigint, or MAS as a decimal string ("0.1"). */
export type Coins = bigint | string;

interface FutureBase {
  /** The step's name in `deployments/<network>.json` and in `--reset`. */
  readonly id: string;
  /** Steps that must be final before this one, besides those its arguments and target name. */
  readonly after: ReadonlyArray<Future | string>;
}

/** A contract to deploy: `build/<contract>.wasm` with its constructor arguments and coins. */
export interface ContractFuture extends FutureBase {
  readonly kind: 'contract';
  readonly contract: string;
  readonly args: StepArguments;
  readonly coins: Coins;
}

/** A call (CallSC) of a function of a contract of the module, once it is deployed. */
export interface CallFuture extends FutureBase {
  readonly kind: 'call';
  readonly target: ContractFuture;
  readonly func: string;
  readonly args: StepArguments;
  readonly coins: Coins;
}

/** New code for a contract of the module: a call of its upgrade function with the new bytecode (which calls `setBytecode`). */
export interface UpgradeFuture extends FutureBase {
  readonly kind: 'upgrade';
  readonly target: ContractFuture;
  readonly contract: string;
  readonly func: string;
  readonly coins: Coins;
}

export type Future = ContractFuture | CallFuture | UpgradeFuture;

export interface StepOptions {
  /** The step's name (default: the contract's name; `<contract>.<function>` for a call; `<contract>.upgrade` for an upgrade). */
  id?: string;
  /** nanoMAS (bigint) or MAS ("0.1") sent with the step. */
  coins?: Coins;
  /** Steps (or step names) that must be final first. */
  after?: ReadonlyArray<Future | string>;
}

export interface UpgradeOptions extends StepOptions {
  /** The contract's function that takes the new bytecode and calls `setBytecode` (default `upgradeSC`). */
  function?: string;
}

/** What a module's function is given: each method adds a step and returns it, to be passed to later steps. */
export interface ModuleBuilder {
  contract(contract: string, args?: StepArguments, options?: StepOptions): ContractFuture;
  call(target: ContractFuture, func: string, args?: StepArguments, options?: StepOptions): CallFuture;
  upgrade(target: ContractFuture, contract: string, options?: UpgradeOptions): UpgradeFuture;
}

export const MODULE_KIND = 'mason-deployment-module';

/** A system of contracts to deploy: what a `deploy/<name>.ts` file exports (default export). */
export interface DeploymentModule {
  readonly kind: typeof MODULE_KIND;
  /** Names the module's journal in `deployments/<network>.json` (default: the script's file name). */
  readonly id: string | undefined;
  readonly build: (m: ModuleBuilder) => void;
}

/**
 * Declares a deployment: `export default buildModule('token', (m) => { const token = m.contract('token', ['Mason']); … })`.
 * Nothing runs here: `mason deploy --script <name>` plans the steps the function declares, then deploys them.
 */
export function buildModule(build: (m: ModuleBuilder) => void): DeploymentModule;
export function buildModule(id: string, build: (m: ModuleBuilder) => void): DeploymentModule;
export function buildModule(idOrBuild: string | ((m: ModuleBuilder) => void), build?: (m: ModuleBuilder) => void): DeploymentModule {
  if (typeof idOrBuild === 'function') return { kind: MODULE_KIND, id: undefined, build: idOrBuild };
  return { kind: MODULE_KIND, id: idOrBuild, build: build! };
}

/** True for a module made by `buildModule` (also by another copy of @mason/deployer). */
export function isDeploymentModule(value: unknown): value is DeploymentModule {
  return (
    typeof value === 'object' && value !== null && (value as DeploymentModule).kind === MODULE_KIND && typeof (value as DeploymentModule).build === 'function'
  );
}

/** Runs the module's function and returns its steps in the order they were declared. */
export function collectSteps(module: DeploymentModule): Future[] {
  const steps: Future[] = [];
  const add = <F extends Future>(future: F): F => {
    steps.push(future);
    return future;
  };
  const builder: ModuleBuilder = {
    contract: (contract, args = [], options = {}) =>
      add({ kind: 'contract', id: options.id ?? contract, contract, args, coins: options.coins ?? 0n, after: options.after ?? [] }),
    call: (target, func, args = [], options = {}) =>
      add({ kind: 'call', id: options.id ?? `${target?.id}.${func}`, target, func, args, coins: options.coins ?? 0n, after: options.after ?? [] }),
    upgrade: (target, contract, options = {}) =>
      add({
        kind: 'upgrade',
        id: options.id ?? `${target?.id}.upgrade`,
        target,
        contract,
        func: options.function ?? 'upgradeSC',
        coins: options.coins ?? 0n,
        after: options.after ?? [],
      }),
  };
  module.build(builder);
  return steps;
}
