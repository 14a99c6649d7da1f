import { join } from 'node:path';
import { nodeOf } from '@mason/devnet/internal';
import { createGasCosts, ModuleCache, NODE_LIMITS } from '@mason/vm';
import { DevnetCoverage } from './DevnetCoverage.js';
import { addDevnetCoverage } from './writeCoverageReports.js';

/** Whether a fixture counts coverage: its `coverage` option, else the environment variable MASON_COVERAGE. */
export function fixtureCoverageEnabled(option: boolean | undefined): boolean {
  if (option !== undefined) return option;
  const value = process.env.MASON_COVERAGE;
  return value === '1' || value === 'true';
}

/**
 * Counts what the devnet's contracts run (inline execution: the VMs of the node's thread share one
 * module cache, which gets the counters); `save` adds the counts to the project's coverage/ reports.
 */
export function startFixtureCoverage(devnet: object, root: string): { save(): void } {
  const coverage = new DevnetCoverage(join(root, 'build'));
  // The node's execution and read-only VMs take this cache when they start (see SharedModules).
  const shared = nodeOf(devnet).inlineModules;
  shared.modules ??= new ModuleCache(createGasCosts(), NODE_LIMITS.condom);
  shared.modules.instrument(coverage.instrumentation());
  return { save: () => void addDevnetCoverage(coverage.counts(), root, join(root, 'coverage')) };
}
