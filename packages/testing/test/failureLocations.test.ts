import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Args } from '@mason/codec';
import { scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetFixture, type DevnetFixture } from '../src/index.js';
import { fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// A real contract (built by the fixture's `mason build`, source maps by default) fails a few frames
// deep in a helper file; the devnet reports the failing module's wasm frames and the project's map
// names the helper's line — on both execution modes.

/** `file:line` of the line holding `snippet`. */
function lineOf(root: string, file: string, snippet: string): string {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const index = lines.findIndex((text) => text.includes(snippet));
  if (index < 0) throw new Error(`${snippet} is not in ${file}`);
  return `${file}:${index + 1}:`;
}

const CHECKS = 'assembly/checks.ts';
const GAS = 50_000_000n;

describe.each(['inline', 'workers'] as const)('failure locations, contracts executed %s', (execution) => {
  let project: FixtureProject;
  let fixture: DevnetFixture;
  let address: string;

  beforeAll(async () => {
    project = await fixtureProject('failures');
    fixture = await devnetFixture({ root: project.root, devnet: { execution } });
    address = (await fixture.deploy('failing')).address;
  }, scaledTimeout(120_000));
  afterAll(async () => {
    await fixture?.close();
    project?.remove();
  });

  const cases = [
    // assert in project code: the abort's own position
    { func: 'assertDeep', args: () => new Args().addI32(-3), snippet: "assert(value > 0, 'the value must be positive')", text: 'the value must be positive' },
    // Result.expect aborts in the SDK (~lib/@mason/sdk/assembly/Result.ts): the innermost project frame
    { func: 'expectDeep', args: () => new Args(), snippet: "args.nextU64().expect('an amount (u64) is required')", text: 'an amount (u64) is required' },
    { func: 'unreachableDeep', args: () => new Args().addI32(1), snippet: 'unreachable()', text: 'unreachable' },
    { func: 'outOfBoundsDeep', args: () => new Args().addU32(0xffff_fff0), snippet: 'load<u8>(address)', text: 'out of bounds memory access' },
  ];

  it.each(cases)('$func: a failed call names the helper line', async ({ func, args, snippet, text }) => {
    const result = await fixture.call(address, func, args(), { maxGas: GAS });
    expect(result.ok).toBe(false);
    // the node's error text is unchanged: no Mason location (file:line:column) in it
    expect(result.events.at(-1)?.data).toContain(text);
    expect(result.events.at(-1)?.data).not.toMatch(/checks\.ts:\d+:\d+/);
    expect(result.location).toMatch(new RegExp(`^${lineOf(project.root, CHECKS, snippet).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d+$`));
    // The call's trace places its failure there too, on the frame that failed.
    const { file, line, column } = result.trace!.failure!.location!;
    expect(`${file}:${line}:${column}`).toBe(result.location);
    expect(result.trace!.root!.failure?.location).toEqual({ file, line, column });
  });

  it.each(cases)('$func: a failed read throws an error carrying the helper line', async ({ func, args, snippet }) => {
    const error = await fixture.read(address, func, args()).then(
      () => undefined,
      (reason: unknown) => reason as Error & { location?: string },
    );
    expect(error?.location).toMatch(new RegExp(`^${lineOf(project.root, CHECKS, snippet).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\d+$`));
    expect(error?.message).toContain(`at ${error?.location}`);
  });

  it('a deployment whose constructor fails throws MASON_TESTING_DEPLOY_FAILED with the location', async () => {
    const error = await fixture.deploy('failing', { args: new Args().addBool(true) }).then(
      () => undefined,
      (reason: unknown) => reason as Error & { code?: string; location?: string },
    );
    expect(error?.code).toBe('MASON_TESTING_DEPLOY_FAILED');
    expect(error?.location).toBe(`${lineOf(project.root, CHECKS, 'assert(!refused')}3`);
  });

  it('a call left to estimate its gas throws at the estimate, with the location', async () => {
    const error = await fixture.call(address, 'assertDeep', new Args().addI32(-1)).then(
      () => undefined,
      (reason: unknown) => reason as Error & { location?: string },
    );
    // the abort's own position: the `assert` call
    expect(error?.location).toBe(`${lineOf(project.root, CHECKS, 'assert(value > 0')}3`);
  });
});
