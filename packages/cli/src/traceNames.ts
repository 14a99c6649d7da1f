import { DeploymentRecords } from '@mason/deployer';
import type { Network } from './network.js';
import { findProjectRoot } from './project.js';

/** Contract names by address, from deployments/<network>.json of the project around (none outside a project). */
export function traceNames(network: Network): Map<string, string> {
  const names = new Map<string, string>();
  const root = findProjectRoot();
  if (!root) return names;
  try {
    const { contracts } = new DeploymentRecords(root, network.name).read();
    for (const [name, record] of Object.entries(contracts)) names.set(record.address, name);
  } catch {
    // An unreadable record only costs the names: the trace still prints with addresses.
  }
  return names;
}
