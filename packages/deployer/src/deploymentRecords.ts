import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SendOperationInput } from '@mason/client';
import { DeployError } from './errors.js';

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

interface DeploymentsFile {
  network: string;
  chainId: number | null;
  contracts: Record<string, DeploymentRecord>;
  history: DeploymentRecord[];
  pending: Record<string, PendingDeployment>;
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
    return { network: this.network, chainId: file.chainId ?? null, contracts: file.contracts ?? {}, history: file.history ?? [], pending: file.pending ?? {} };
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
    for (const key of ['contracts', 'pending'] as const) {
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
