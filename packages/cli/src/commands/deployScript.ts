import type { Account } from '@mason/client';
import { formatMas } from '@mason/codec';
import { type DeploymentPlan, type DeploymentStepProgress, type PlannedStep, runDeployment } from '@mason/deployer';
import { loadDeploymentScript } from '../deploymentScript.js';
import { clientFor, type Network } from '../network.js';
import { registerDeployedAbis } from '../registerDeployedAbi.js';
import { color, field } from '../output.js';
import { runBuild } from './build.js';

export interface DeployScriptOptions {
  script: string;
  reset?: string[];
  replan?: boolean;
  dryRun?: boolean;
  fee?: bigint;
  maxGas?: bigint;
  json?: boolean;
}

const ACTIONS: Record<PlannedStep['action'], string> = { skip: 'done, skipped', resume: 'resume', run: 'run', redo: 'redo' };

function what(step: PlannedStep): string {
  const { future } = step;
  if (future.kind === 'contract') return `deploy ${future.contract}`;
  if (future.kind === 'call') return `call ${future.target.id}.${future.func}`;
  return `upgrade ${future.target.id} to ${future.contract} (${future.func})`;
}

function printPlan(plan: DeploymentPlan): void {
  console.log(`\nPlan of ${color.bold(plan.module)} (${plan.steps.length} step${plan.steps.length === 1 ? '' : 's'}):`);
  const width = Math.max(...plan.steps.map((step) => step.id.length));
  for (const step of plan.steps) {
    const after = step.dependsOn.length > 0 ? color.dim(` after ${step.dependsOn.join(', ')}`) : '';
    const cost = step.cost > 0n ? color.dim(` ≤ ${formatMas(step.cost)} MAS`) : '';
    const action = step.action === 'skip' ? color.dim(ACTIONS.skip) : step.action === 'run' ? ACTIONS.run : color.yellow(ACTIONS[step.action]);
    console.log(`  ${step.id.padEnd(width)}  ${what(step)}${after}: ${action}${cost}`);
  }
  console.log(color.dim(`  at most ${formatMas(plan.needed)} MAS of ${formatMas(plan.balance)} MAS (candidate balance of ${plan.account})`));
}

function describe(progress: DeploymentStepProgress): string {
  switch (progress.stage) {
    case 'skipped':
      return `${progress.step}: already done${progress.address ? ` (${progress.address})` : ''}`;
    case 'resuming':
      return `${progress.step}: resuming the operation sent earlier: ${progress.operationId}`;
    case 'discarded':
      return `${progress.step}: discarded the pending operation ${progress.operationId}`;
    case 'sent':
      return `${progress.step}: sent ${progress.operationId}`;
    case 'final':
      return `${progress.step}: final${progress.address ? ` (${progress.address})` : ''}`;
  }
}

/** The code each contract of the script holds once it ran: its own, or the one its last upgrade step put there. */
function deployedCode(plan: DeploymentPlan, addresses: Record<string, string>): Array<{ name: string; address: string }> {
  const code = new Map<string, string>();
  for (const { id, future } of plan.steps) {
    if (future.kind === 'contract' && addresses[id]) code.set(addresses[id], future.contract);
    if (future.kind === 'upgrade' && addresses[future.target.id]) code.set(addresses[future.target.id]!, future.contract);
  }
  return [...code].map(([address, name]) => ({ name, address }));
}

/** Ctrl-C or SIGTERM: every step sent is recorded before it is sent, so the same command resumes. */
function onInterrupt(recordsPath: () => string | undefined): () => void {
  const handler = (signal: NodeJS.Signals) => {
    const path = recordsPath();
    console.error(`\n${color.yellow('interrupted')} — run the same command again to resume${path ? ` (the steps sent are recorded in ${path})` : ''}.`);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
  return () => {
    process.off('SIGINT', handler);
    process.off('SIGTERM', handler);
  };
}

/** `mason deploy --script <name>`: builds, loads deploy/<name>.ts, plans it, then runs its steps. */
export async function deployScript(root: string, network: Network, account: Account, options: DeployScriptOptions): Promise<void> {
  const quiet = options.json === true;
  let recordsPath: string | undefined;
  const stopListening = onInterrupt(() => recordsPath);
  try {
    const built = await runBuild({}, quiet);
    const script = await loadDeploymentScript(root, options.script);
    const client = clientFor(network);
    try {
      if (!quiet) console.log(`\nDeploying script ${color.bold(script.id)} to ${network.name} (${network.url}) from ${account.address.toString()}`);
      const started = Date.now();
      const result = await runDeployment({
        client,
        account,
        module: script.module,
        moduleId: script.id,
        root,
        network: network.name,
        ...(options.reset && { reset: options.reset }),
        ...(options.replan && { replan: true }),
        ...(options.fee !== undefined && { fee: options.fee }),
        ...(options.maxGas !== undefined && { maxGas: options.maxGas }),
        pollIntervalMs: network.isLocal ? 20 : 1_000,
        onPlan: (plan) => {
          recordsPath = plan.records.path;
          if (!quiet) printPlan(plan);
          return !options.dryRun;
        },
        onProgress: (progress) => {
          if (!quiet) console.log(color.dim(`  • ${describe(progress)}`));
        },
      });
      const record = result.plan.records.path;
      // On a Mason devnet, the ABI of the code each contract holds now (`mason op`, `mason trace`, the explorer decode with it).
      const deployed = result.executed ? deployedCode(result.plan, result.addresses) : [];
      const abis = await registerDeployedAbis(client, network, root, built.manifest, deployed);
      if (quiet) {
        const ran = new Map(result.steps.map((step) => [step.step, step]));
        console.log(
          JSON.stringify({
            module: script.id,
            network: network.name,
            executed: result.executed,
            steps: result.plan.steps.map((step) => ({
              id: step.id,
              kind: step.future.kind,
              action: step.action,
              dependsOn: step.dependsOn,
              cost: step.cost.toString(),
              operationId: ran.get(step.id)?.operationId ?? step.record?.operationId ?? null,
            })),
            addresses: result.addresses,
            abis: Object.fromEntries(deployed.map(({ address }, index) => [address, abis[index]])),
            needed: result.plan.needed.toString(),
            record,
          }),
        );
        return;
      }
      if (!result.executed) {
        console.log(`\n${color.yellow('dry run')}: nothing was sent. Run without --dry-run to deploy.`);
        return;
      }
      console.log(`\n${color.green('✔')} ${color.bold(script.id)} deployed in ${((Date.now() - started) / 1000).toFixed(2)} s`);
      for (const [step, address] of Object.entries(result.addresses)) console.log(field(step, color.bold(address)));
      console.log(field('recorded in', record));
    } finally {
      await client.close();
    }
  } finally {
    stopListening();
  }
}
