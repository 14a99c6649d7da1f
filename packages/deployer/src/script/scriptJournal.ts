import type { SendOperationInput } from '@mason/client';

/**
 * One step of a deployment script as `deployments/<network>.json` keeps it: `sent` once its
 * operation is signed and sent (a rerun looks the operation up instead of sending another),
 * `done` once it is final.
 */
export interface ScriptStepRecord {
  kind: 'contract' | 'call' | 'upgrade';
  /** sha256 of what the step is made of (bytecode, arguments as declared, coins, function): a changed module is noticed. */
  inputsSha256: string;
  status: 'sent' | 'done';
  operationId: string;
  /** The deployed contract (contract steps), or the contract called (call and upgrade steps). */
  address?: string;
  /** Call and upgrade steps: the step id of the contract called, and the function. */
  target?: string;
  func?: string;
  /** Call and upgrade steps while `sent`: the signed operation, sent again as it is if the node lost it. */
  input?: SendOperationInput;
  expirePeriod?: number;
  sentAt: string;
  finishedAt?: string;
}

/** A module's journal: its steps by id. */
export interface ScriptJournal {
  steps: Record<string, ScriptStepRecord>;
}
