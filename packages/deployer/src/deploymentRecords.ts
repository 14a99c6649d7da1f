import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SendOperationInput } from '@mason/client';
import { DeployError } from './errors.js';
import type { ScriptJournal } from './script/scriptJournal.js';

export interface DeploymentRecord {
  contract: string;
  address: string;
  operationId: string;
  network: string;
  chainId: number;
  deployer: string;
  bytecodeSha256: string;
  constructorArgs: string;
  coins: string;
  deployedAt: string;
}

/** A deployment sent but not yet seen through: resumed (never re-signed) by the next run. */
export interface PendingDeployment {
  contract: string;
  operationId: string;
  expirePeriod: number;
  input: SendOperationInput;
  bytecodeSha256: string;
  /** sha256 of the deployer, the contract, the constructor arguments and the coins; absent in records of older versions. */
  inputsSha256?: string;
  constructorArgs: string;
  coins: string;
  sentAt: string;
}

/** 2: adds `scripts`, the journals of deployment scripts; files of version 1 (no `version`) read as they are. */
export const DEPLOYMENTS_FILE_VERSION = 2;

interface DeploymentsFile {
  version?: number;
  network: string;
  chainId: number | null;
  contracts: Record<string, DeploymentRecord>;
  history: DeploymentRecord[];
  pending: Record<string, PendingDeployment>;
  /** Journals of `mason deploy --script`, by module id. */
  scripts?: Record<string, ScriptJournal>;
}

/** `deployments/<network>.json`: the latest address of each contract, the history, and pending deployments. */
export class DeploymentRecords {
  readonly path: string;

  constructor(
    root: string,
    readonly network: string,
  ) {
    this.path = join(root, 'deployments', `${network.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  }

  read(): DeploymentsFile {
    if (!existsSync(this.path)) return { network: this.network, chainId: null, contracts: {}, history: [], pending: {} };
    const file = this.#parse(readFileSync(this.path, 'utf8'));
    return {
      ...(file.version !== undefined && { version: file.version }),
      network: this.network,
      chainId: file.chainId ?? null,
      contracts: file.contracts ?? {},
      history: file.history ?? [],
      pending: file.pending ?? {},
      ...(file.scripts !== undefined && { scripts: file.scripts }),
    };
  }

  /** The journal of a deployment script (empty when it never ran on this network). */
  script(module: string): ScriptJournal {
    const journal = this.read().scripts?.[module];
    return journal ?? { steps: {} };
  }

  /** Changes a script's journal and writes the file (version 2). */
  updateScript(module: string, change: (journal: ScriptJournal) => void): void {
    this.#update((file) => {
      file.version = DEPLOYMENTS_FILE_VERSION;
      file.scripts ??= {};
      const journal = file.scripts[module] ?? { steps: {} };
      change(journal);
      file.scripts[module] = journal;
    });
  }

  pending(contract: string): PendingDeployment | undefined {
    return this.read().pending[contract];
  }

  setPending(entry: PendingDeployment): void {
    this.#update((file) => {
      file.pending[entry.contract] = entry;
    });
  }

  clearPending(contract: string): void {
    this.#update((file) => {
      delete file.pending[contract];
    });
  }

  record(entry: DeploymentRecord): void {
    this.#update((file) => {
      file.chainId = entry.chainId;
      file.contracts[entry.contract] = entry;
      file.history.push(entry);
      delete file.pending[entry.contract];
    });
  }

  #parse(text: string): Partial<DeploymentsFile> {
    const refuse = (where: string, reason: string) => new DeployError('MASON_DEPLOY_RECORDS_CORRUPT', { path: this.path, where, reason });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      const message = (error as Error).message;
      const position = /at position (\d+)/.exec(message)?.[1];
      const before = position === undefined ? text : text.slice(0, Number(position));
      const where = `line ${before.split('\n').length}${position === undefined ? ' (its end)' : `, column ${before.length - before.lastIndexOf('\n')}`}`;
      throw refuse(where, message.replace(/ in JSON at position \d+.*$/, ''));
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw refuse('line 1', 'it must hold a JSON object');
    for (const key of ['contracts', 'pending', 'scripts'] as const) {
      const value = (parsed as Record<string, unknown>)[key];
      if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value)))
        throw refuse(`"${key}"`, 'it must be an object of contract name → entry');
    }
    const history = (parsed as Record<string, unknown>).history;
    if (history !== undefined && !Array.isArray(history)) throw refuse('"history"', 'it must be an array');
    return parsed as Partial<DeploymentsFile>;
  }

  #update(change: (file: DeploymentsFile) => void): void {
    const file = this.read();
    change(file);
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(file, null, 2) + '\n');
    renameSync(tmp, this.path);
  }
}
