import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OperationInput } from '@mason/client';

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
  input: OperationInput;
  bytecodeSha256: string;
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

  constructor(root: string, readonly network: string) {
    this.path = join(root, 'deployments', `${network.replace(/[^A-Za-z0-9._-]+/g, '_')}.json`);
  }

  read(): DeploymentsFile {
    if (!existsSync(this.path)) return { network: this.network, chainId: null, contracts: {}, history: [], pending: {} };
    const file = JSON.parse(readFileSync(this.path, 'utf8')) as Partial<DeploymentsFile>;
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

  #update(change: (file: DeploymentsFile) => void): void {
    const file = this.read();
    change(file);
    mkdirSync(dirname(this.path), { recursive: true });
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, JSON.stringify(file, null, 2) + '\n');
    renameSync(tmp, this.path);
  }
}
