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
