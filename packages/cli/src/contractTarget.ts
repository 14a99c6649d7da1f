import { Address, isMasonError } from '@mason/codec';
import { DeploymentRecords } from '@mason/deployer';
import { CliError } from './errors.js';
import type { Network } from './network.js';
import { findProjectRoot } from './project.js';

/** Massa addresses start AS1…/AU1… (version 0); anything else names a contract of deployments/<network>.json. */
const looksLikeAddress = (value: string) => /^A[SU]1/.test(value);

export interface ContractTarget {
  address: string;
  /** The name it was given by, when it came from deployments/<network>.json. */
  name?: string;
}

/** `mason call`/`read`'s target: an address, or the name `mason deploy` recorded for this network. */
export function resolveContract(target: string, network: Network, command: string): ContractTarget {
  if (looksLikeAddress(target)) {
    try {
      return { address: Address.fromString(target).toString() };
    } catch (error) {
      throw new CliError('MASON_CLI_INVALID_ADDRESS', { value: target, reason: isMasonError(error) ? error.shortMessage : (error as Error).message });
    }
  }
  const root = findProjectRoot();
  if (!root) throw new CliError('MASON_CLI_NOT_A_PROJECT', { dir: process.cwd(), command: `${command} ${target}` });
  const records = new DeploymentRecords(root, network.name);
  const { contracts } = records.read();
  const record = contracts[target];
  if (!record) {
    const names = Object.keys(contracts);
    throw new CliError('MASON_CLI_UNKNOWN_CONTRACT', {
      name: target,
      path: records.path,
      known: names.length > 0 ? `recorded: ${names.join(', ')}` : `nothing is recorded for network ${network.name}`,
    });
  }
  return { address: record.address, name: target };
}
