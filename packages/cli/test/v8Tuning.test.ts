import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTERRUPT_BUDGET, v8FlagsFor } from '../src/v8Tuning.js';

const argv = (command?: string) => ['node', 'mason', ...(command === undefined ? [] : [command, '--force'])];

describe('v8FlagsFor', () => {
  it('raises the interrupt budget for every command line, none included', () => {
    for (const command of ['node', 'build', 'test', 'deploy', 'call', 'read', '--help', '', undefined]) {
      expect(v8FlagsFor(argv(command))).toContain(`--interrupt-budget=${INTERRUPT_BUDGET}`);
    }
  });

  it('leaves WebAssembly tier-up on for commands that run WebAssembly for long (the devnet) and for no command', () => {
    for (const command of ['node', 'call', 'read', '--help', '-V', 'buildx', '', undefined]) {
      expect(v8FlagsFor(argv(command))).not.toContain('--liftoff-only');
    }
  });

  it('turns tier-up off for build, deploy and test (one-off compiles)', () => {
    for (const command of ['build', 'deploy', 'test']) expect(v8FlagsFor(argv(command))).toContain('--liftoff-only');
  });
});

describe('the docs of the V8 flags', () => {
  it('docs/cli.md explains each flag set, in its advanced section alone', () => {
    const doc = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');
    const sections = doc.split(/^## /m);
    const advanced = sections.filter((section) => section.startsWith('Advanced: V8 tuning'));
    expect(advanced).toHaveLength(1);
    const flags = new Set([...v8FlagsFor(argv('build')), ...v8FlagsFor(argv('node'))]);
    for (const flag of flags) {
      expect(advanced[0]).toContain(`\`${flag}\``);
      for (const other of sections.filter((section) => !section.startsWith('Advanced: V8 tuning'))) expect(other).not.toContain(flag);
    }
  });
});
