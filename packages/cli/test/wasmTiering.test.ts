import { describe, expect, it } from 'vitest';
import { tuneWasmTiering } from '../src/wasmTiering.js';

describe('tuneWasmTiering', () => {
  it('leaves tier-up on for commands that run WebAssembly for long (the devnet) and for no command', () => {
    for (const command of ['node', 'call', 'read', '--help', '-V', 'buildx', '', undefined]) {
      expect(tuneWasmTiering(['node', 'mason', ...(command === undefined ? [] : [command])])).toBe(false);
    }
  });

  it('turns tier-up off for build, deploy and test (one-off compiles)', () => {
    // This worker process runs only this file (vitest forks), so the flag stays here.
    for (const command of ['build', 'deploy', 'test']) expect(tuneWasmTiering(['node', 'mason', command, '--force'])).toBe(true);
  });
});
