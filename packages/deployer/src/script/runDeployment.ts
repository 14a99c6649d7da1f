import type { SCOutputEvent } from '@mason/client';
import { deployContract } from '../deployContract.js';
import type { DeploymentPlan, PlannedStep } from './planDeployment.js';
import { type PlanParams, planDeployment } from './planDeployment.js';
import { runCallStep } from './runCallStep.js';
import type { ContractFuture } from './buildModule.js';
import { encodeStepArgs } from './stepArguments.js';

export type DeploymentStepProgress =
  | { step: string; stage: 'skipped'; operationId: string; address?: string }
  | { step: string; stage: 'resuming'; operationId: string }
  | { step: string; stage: 'discarded'; operationId: string }
  | { step: string; stage: 'sent'; operationId: string }
  | { step: string; stage: 'final'; operationId: string; address?: string };

export interface RunDeploymentParams extends PlanParams {
  /** Gas of each deployment; default: its dry run's gas + 20 %. */
  maxGas?: bigint;
  /** How long each stage of each operation may take (default 120 s). */
  stageTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Called with the plan before anything is sent (e.g. to print it); return false to stop there (a dry run). */
  onPlan?: (plan: DeploymentPlan) => boolean | undefined | void;
  onProgress?: (progress: DeploymentStepProgress) => void;
}

export interface DeploymentStepResult {
  step: string;
  kind: PlannedStep['future']['kind'];
  action: PlannedStep['action'];
  operationId: string;
  /** The contract deployed (contract steps) or called (call and upgrade steps). */
  address: string;
  events: SCOutputEvent[];
}

export interface DeploymentResult {
  plan: DeploymentPlan;
  /** Empty when `onPlan` stopped the run. */
  steps: DeploymentStepResult[];
  /** False when `onPlan` stopped the run before anything was sent. */
  executed: boolean;
  /** By step id: the address of each contract of the module. */
  addresses: Record<string, string>;
}

/**
 * Runs a deployment script: plans it (nothing is sent if any check fails), then runs each step
 * in dependency order, each until final, recording it in `deployments/<network>.json`. A rerun
 * skips what is done and resumes what an interrupted run sent.
 */
export async function runDeployment(params: RunDeploymentParams): Promise<DeploymentResult> {
  const plan = await planDeployment(params);
  const addresses: Record<string, string> = {};
  for (const step of plan.steps)
    if (step.future.kind === 'contract' && step.record?.status === 'done' && step.record.address) addresses[step.id] = step.record.address;
  if (params.onPlan?.(plan) === false) return { plan, steps: [], executed: false, addresses };

  const { client, account } = params;
  const stageTimeoutMs = params.stageTimeoutMs ?? 120_000;
  const addressOf = (future: ContractFuture) => {
    const address = addresses[future.id];
    if (!address) throw new Error(`internal: step ${future.id} has no address yet`);
    return address;
  };
  const results: DeploymentStepResult[] = [];
  for (const step of plan.steps) {
    const { future } = step;
    const progress = params.onProgress ?? (() => undefined);
    if (step.action === 'skip') {
      progress({ step: step.id, stage: 'skipped', operationId: step.record!.operationId, ...(step.record!.address && { address: step.record!.address }) });
      continue;
    }
    if (future.kind === 'contract') {
      const args = encodeStepArgs(step.id, step.built, 'constructor', future.args, addressOf);
      const result = await deployContract({
        client,
        account,
        contract: step.id,
        deployer: step.built.deployer,
        contractBytecode: step.built.wasm,
        deployerCarriesContract: true,
        args,
        coins: step.coins,
        root: params.root,
        network: params.network,
        ...(params.fee !== undefined && { fee: params.fee }),
        ...(params.maxGas !== undefined && { maxGas: params.maxGas }),
        ...(step.action === 'redo' && { fresh: true }),
        stageTimeoutMs,
        ...(params.pollIntervalMs !== undefined && { pollIntervalMs: params.pollIntervalMs }),
        onProgress: (p) => {
          if (p.stage === 'sent') {
            plan.records.updateScript(plan.module, (journal) => {
              journal.steps[step.id] = {
                kind: 'contract',
                inputsSha256: step.inputsSha256,
                status: 'sent',
                operationId: p.operationId,
                sentAt: new Date().toISOString(),
              };
            });
            progress({ step: step.id, stage: 'sent', operationId: p.operationId });
          } else if (p.stage === 'resuming' || p.stage === 'discarded') progress({ step: step.id, stage: p.stage, operationId: p.operationId });
        },
      });
      addresses[step.id] = result.address;
      plan.records.updateScript(plan.module, (journal) => {
        journal.steps[step.id] = {
          kind: 'contract',
          inputsSha256: step.inputsSha256,
          status: 'done',
          operationId: result.operationId,
          address: result.address,
          sentAt: journal.steps[step.id]?.sentAt ?? new Date().toISOString(),
          finishedAt: new Date().toISOString(),
        };
      });
      progress({ step: step.id, stage: 'final', operationId: result.operationId, address: result.address });
      results.push({ step: step.id, kind: 'contract', action: step.action, operationId: result.operationId, address: result.address, events: result.events });
      continue;
    }
    const target = addressOf(future.target);
    const parameter = future.kind === 'call' ? encodeStepArgs(step.id, step.calls!, future.func, future.args, addressOf) : step.built.wasm;
    const done = await runCallStep(
      {
        client,
        account,
        records: plan.records,
        ...(params.fee !== undefined && { fee: params.fee }),
        stageTimeoutMs,
        ...(params.pollIntervalMs !== undefined && { pollIntervalMs: params.pollIntervalMs }),
        onSent: (operationId, resumed) => progress({ step: step.id, stage: resumed ? 'resuming' : 'sent', operationId }),
      },
      {
        module: plan.module,
        step: step.id,
        kind: future.kind,
        inputsSha256: step.inputsSha256,
        targetStep: future.target.id,
        target,
        func: future.func,
        parameter,
        coins: step.coins,
        sent: step.action === 'resume' ? step.record : undefined,
      },
    );
    progress({ step: step.id, stage: 'final', operationId: done.operationId, address: target });
    results.push({ step: step.id, kind: future.kind, action: step.action, operationId: done.operationId, address: target, events: done.events });
  }
  return { plan, steps: results, executed: true, addresses };
}
