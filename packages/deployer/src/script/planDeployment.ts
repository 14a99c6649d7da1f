import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { type Account, type Client, getAddresses, getAddressesBytecode, getStatus } from '@mason/client';
import { formatMas, MAX_AMOUNT, parseMas } from '@mason/codec';
import { DeploymentRecords } from '../deploymentRecords.js';
import { DeployError } from '../errors.js';
import { contractStorageCost } from '../storageCost.js';
import { type Coins, type ContractFuture, collectSteps, type DeploymentModule, type Future } from './buildModule.js';
import { type BuiltContract, BuiltContracts } from './builtContracts.js';
import type { ScriptStepRecord } from './scriptJournal.js';
import { canonicalArgs, encodeStepArgs, futuresIn } from './stepArguments.js';

export interface PlanParams {
  client: Client;
  account: Account;
  module: DeploymentModule;
  /** Names the module's journal; default: the module's own id. */
  moduleId?: string;
  /** Records live in <root>/deployments/<network>.json. */
  root: string;
  network: string;
  /** Where `mason build` wrote the contracts (default `<root>/build`). */
  outDir?: string;
  /** nanoMAS per operation; default: the node's minimal fee. */
  fee?: bigint;
  /** Steps to do again (and every step that uses them), whatever their journal says. */
  reset?: readonly string[];
  /** Do again every step whose inputs changed since it was recorded (and every step that uses them). */
  replan?: boolean;
}

/**
 * What a step will do: `skip` (final, same inputs), `resume` (sent by an interrupted run: looked
 * up, not sent again unless the node lost it), `run` (never sent), `redo` (recorded, but reset or
 * changed with --replan: done anew).
 */
export type StepAction = 'skip' | 'resume' | 'run' | 'redo';

export interface PlannedStep {
  future: Future;
  id: string;
  action: StepAction;
  /** Ids of the steps that must be final first. */
  dependsOn: string[];
  inputsSha256: string;
  record: ScriptStepRecord | undefined;
  /** The most the step may spend if it runs: fee + storage + coins (0 for skip and resume). */
  cost: bigint;
  coins: bigint;
  /** The code sent (contract and upgrade steps) and the code called (call and upgrade steps: the target's, as of that step). */
  built: BuiltContract;
  calls?: BuiltContract;
}

export interface DeploymentPlan {
  module: string;
  network: string;
  account: string;
  steps: PlannedStep[];
  fee: bigint;
  balance: bigint;
  /** What the steps left may spend, at most. */
  needed: bigint;
  records: DeploymentRecords;
  outDir: string;
}

const sha256Json = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function invalid(module: string, reason: string): DeployError {
  return new DeployError('MASON_DEPLOY_SCRIPT_INVALID', { module, reason });
}

function toNano(module: string, step: string, coins: Coins): bigint {
  try {
    const value = typeof coins === 'string' ? parseMas(coins) : coins;
    if (typeof value === 'bigint' && value >= 0n && value <= MAX_AMOUNT) return value;
  } catch {
    // reported below
  }
  throw invalid(module, `step "${step}": coins ${String(coins)} is neither nanoMAS (a bigint) nor MAS (a decimal string such as "0.1")`);
}

/** Each step's dependencies by id, checked to be steps of this module. */
function dependencies(module: string, steps: Future[]): Map<Future, Future[]> {
  const byId = new Map<string, Future>();
  for (const step of steps) {
    if (typeof step.id !== 'string' || step.id === '') throw invalid(module, 'a step has no id');
    if (byId.has(step.id)) throw invalid(module, `two steps are named "${step.id}": give one another name with { id: '…' }`);
    byId.set(step.id, step);
  }
  const member = (step: Future, other: unknown, what: string): Future => {
    const found = typeof other === 'string' ? byId.get(other) : steps.find((s) => s === other);
    if (!found)
      throw invalid(
        module,
        `step "${step.id}": ${what} ${typeof other === 'string' ? `"${other}"` : ''} is not a step of this module (use what m.contract returned)`,
      );
    return found;
  };
  const graph = new Map<Future, Future[]>();
  for (const step of steps) {
    const deps: Future[] = [];
    if (step.kind !== 'contract') deps.push(member(step, step.target, 'its contract'));
    if (step.kind !== 'upgrade') for (const future of futuresIn(step.args)) deps.push(member(step, future, 'an argument'));
    for (const other of step.after) deps.push(member(step, other, 'a step of `after`'));
    graph.set(step, [...new Set(deps)]);
  }
  return graph;
}

/** The steps in an order where each comes after those it depends on (declaration order otherwise); a cycle is refused, named. */
function order(module: string, steps: Future[], graph: Map<Future, Future[]>): Future[] {
  const done = new Set<Future>();
  const path: Future[] = [];
  const out: Future[] = [];
  const visit = (step: Future) => {
    if (done.has(step)) return;
    const at = path.indexOf(step);
    if (at >= 0) {
      const cycle = [...path.slice(at), step].map((s) => s.id).join(' → ');
      throw new DeployError('MASON_DEPLOY_SCRIPT_CYCLE', { module, cycle });
    }
    path.push(step);
    for (const dep of graph.get(step)!) visit(dep);
    path.pop();
    done.add(step);
    out.push(step);
  };
  steps.forEach(visit);
  return out;
}

/**
 * Plans a deployment script before anything is sent: the steps in dependency order, each
 * contract built, each argument checked against the ABI, each called function exported, each
 * upgrade's new code still exporting what the module calls; each step compared with its journal
 * (skip, resume, run; a changed step refused unless reset or replanned); and the coins and fees
 * of the steps left checked against the account's candidate balance.
 */
export async function planDeployment(params: PlanParams): Promise<DeploymentPlan> {
  const module = params.moduleId ?? params.module.id;
  if (!module) throw invalid('(unnamed)', 'give the module an id: buildModule("name", (m) => …)');
  const steps = collectSteps(params.module);
  if (steps.length === 0) throw invalid(module, 'it declares no step (call m.contract, m.call or m.upgrade)');
  const graph = dependencies(module, steps);
  const ordered = order(module, steps, graph);
  const outDir = params.outDir ?? join(params.root, 'build');
  const build = new BuiltContracts(outDir);
  const records = new DeploymentRecords(params.root, params.network);
  const journal = records.script(module);

  // The code each contract has at each point of the order: upgrades change it.
  const codeOf = new Map<ContractFuture, BuiltContract>();
  const placeholder = (future: ContractFuture) => `<address of ${future.id}>`;
  const checked = ordered.map((future) => {
    const coins = toNano(module, future.id, future.coins);
    if (future.kind === 'contract') {
      const built = build.get(future.contract);
      encodeStepArgs(future.id, built, 'constructor', future.args, placeholder);
      codeOf.set(future, built);
      const hash = sha256Json({
        kind: 'contract',
        contract: future.contract,
        wasm: sha256(built.wasm),
        deployer: sha256(built.deployer),
        args: canonicalArgs(future.args),
        coins: String(coins),
      });
      return { future, built, coins, hash };
    }
    const calls = codeOf.get(future.target)!;
    if (!calls.exports.includes(future.func)) {
      throw new DeployError('MASON_DEPLOY_SCRIPT_NO_FUNCTION', {
        step: future.id,
        contract: calls.name,
        func: future.func,
        exports: calls.exports.join(', ') || 'none',
      });
    }
    if (future.kind === 'call') {
      encodeStepArgs(future.id, calls, future.func, future.args, placeholder);
      const hash = sha256Json({ kind: 'call', target: future.target.id, func: future.func, args: canonicalArgs(future.args), coins: String(coins) });
      return { future, built: calls, calls, coins, hash };
    }
    const built = build.get(future.contract);
    checkUpgradeExports(module, future.id, future.target, built, steps, journal.steps);
    codeOf.set(future.target, built);
    const hash = sha256Json({
      kind: 'upgrade',
      target: future.target.id,
      contract: future.contract,
      wasm: sha256(built.wasm),
      func: future.func,
      coins: String(coins),
    });
    return { future, built, calls, coins, hash };
  });

  // Which steps run again: those reset, those changed when replanning, and every step that uses one of them.
  const ids = new Set(steps.map((s) => s.id));
  for (const name of params.reset ?? []) {
    if (!ids.has(name)) throw new DeployError('MASON_DEPLOY_SCRIPT_UNKNOWN_STEP', { step: name, module, steps: [...ids].join(', ') });
  }
  // Contracts recorded as deployed that the node does not hold (a devnet restarted without its state).
  const recordedContracts = checked.filter(({ future }) => future.kind === 'contract' && journal.steps[future.id]?.status === 'done');
  const codes =
    recordedContracts.length === 0
      ? []
      : await getAddressesBytecode(
          params.client,
          recordedContracts.map(({ future }) => ({ address: journal.steps[future.id]!.address ?? '', is_final: false })),
        );
  const gone = new Set(recordedContracts.filter((_, index) => (codes[index]?.length ?? 0) === 0).map(({ future }) => future));

  const again = new Set<Future>(steps.filter((s) => params.reset?.includes(s.id)));
  for (const { future, hash } of checked) {
    const record = journal.steps[future.id];
    if (params.replan && record && (record.inputsSha256 !== hash || gone.has(future))) again.add(future);
    if (graph.get(future)!.some((dep) => again.has(dep))) again.add(future);
  }

  const status = await getStatus(params.client);
  const fee = params.fee ?? parseMas(status.minimal_fees);
  const planned: PlannedStep[] = checked.map(({ future, built, calls, coins, hash }) => {
    const record = journal.steps[future.id];
    let action: StepAction;
    if (again.has(future)) action = record ? 'redo' : 'run';
    else if (!record) action = 'run';
    else if (record.inputsSha256 !== hash) {
      throw new DeployError('MASON_DEPLOY_SCRIPT_CHANGED', {
        step: future.id,
        module,
        network: params.network,
        state: record.status === 'done' ? `done (operation ${record.operationId})` : `sent (operation ${record.operationId}, not yet final)`,
        differences: describeStep(future),
      });
    } else if (gone.has(future)) {
      throw new DeployError('MASON_DEPLOY_SCRIPT_GONE', { step: future.id, module, address: record.address ?? '?', network: params.network });
    } else action = record.status === 'done' ? 'skip' : 'resume';
    const runs = action === 'run' || action === 'redo';
    const storage = future.kind === 'contract' ? contractStorageCost(built.wasm.length) : 0n;
    return {
      future,
      id: future.id,
      action,
      dependsOn: graph.get(future)!.map((dep) => dep.id),
      inputsSha256: hash,
      record,
      cost: runs ? fee + storage + coins : 0n,
      coins,
      built,
      ...(calls && { calls }),
    };
  });

  const needed = planned.reduce((sum, step) => sum + step.cost, 0n);
  const address = params.account.address.toString();
  const [entry] = await getAddresses(params.client, [address]);
  const balance = entry ? parseMas(entry.candidate_balance) : 0n;
  if (needed > balance) {
    const left = planned.filter((step) => step.cost > 0n);
    throw new DeployError('MASON_DEPLOY_SCRIPT_INSUFFICIENT_BALANCE', {
      address,
      balance: formatMas(balance),
      module,
      count: left.length,
      needed: formatMas(needed),
      breakdown: left.map((step) => `${step.id} ${formatMas(step.cost)}`).join(', '),
    });
  }
  return { module, network: params.network, account: address, steps: planned, fee, balance, needed, records, outDir };
}

/** What a step is now, for the message of a changed step. */
function describeStep(future: Future): string {
  const args = future.kind === 'upgrade' ? '' : ` with arguments ${JSON.stringify(canonicalArgs(future.args))}`;
  const coins = ` and coins ${String(future.coins)}`;
  if (future.kind === 'contract') return `now: contract ${future.contract} as built${args}${coins}`;
  if (future.kind === 'call') return `now: ${future.target.id}.${future.func}${args}${coins}`;
  return `now: ${future.target.id} upgraded to ${future.contract} as built through ${future.func}${coins}`;
}

/** The new code of an upgrade must still export every function the module (or its journal) calls on that contract. */
function checkUpgradeExports(
  module: string,
  step: string,
  target: ContractFuture,
  built: BuiltContract,
  steps: Future[],
  recorded: Record<string, ScriptStepRecord>,
): void {
  const callers = new Map<string, string[]>();
  const note = (func: string, by: string) => callers.set(func, [...(callers.get(func) ?? []), by]);
  for (const other of steps) if (other.kind === 'call' && other.target === target) note(other.func, other.id);
  for (const [id, record] of Object.entries(recorded)) {
    if (record.kind === 'call' && record.target === target.id && record.func && !steps.some((s) => s.id === id)) note(record.func, `${id} (recorded)`);
  }
  const missing = [...callers.keys()].filter((func) => !built.exports.includes(func));
  if (missing.length === 0) return;
  throw new DeployError('MASON_DEPLOY_SCRIPT_MISSING_EXPORTS', {
    step,
    newContract: built.name,
    missing: missing.join(', '),
    why: missing.map((func) => `step ${callers.get(func)!.join(', ')} of ${module} call${callers.get(func)!.length > 1 ? '' : 's'} on ${target.id}`).join('; '),
  });
}
