import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileContract, DEFERRED_CALLS_SOURCE, scaledTimeout } from '@mason/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTests } from '../src/index.js';
import { captureOutput, fixtureProject, type FixtureProject } from './support/fixtureProject.js';

// The contract the devnet's and the VM's deferred-call tests run (official massa-as-sdk 3.x),
// driven from a spec: registered, cancelled, and run when `setSlot` moves past its slot.
const SPEC = `import { Address, Args, Context, NANO_PER_MAS, Storage } from '@mason/sdk';
import { call, deploy, events, readFile, setSlot } from '@mason/testing';

let a = '';
let b = '';
let id = '';

function register(coins: u64, note: string): string {
  const args = new Args().add(a).add('tick').add<u64>(2).add<u8>(3).add<u64>(20_000_000).add<u64>(coins).add(note);
  return new Args(call(a, 'register', args.serialize())).mustNext<string>('id');
}
function exists(): bool {
  return new Args(call(a, 'exists', new Args().add(id).serialize())).mustNext<bool>('exists');
}
function ticks(note: string): i32 {
  let count = 0;
  const all = events();
  for (let i = 0; i < all.length; i++) if (all[i].data.startsWith('tick ' + note)) count++;
  return count;
}

describe('deferred calls', () => {
  beforeAll(() => {
    a = deploy(readFile('build/deferred.wasm'), [], 20 * NANO_PER_MAS);
    b = deploy(readFile('build/deferred.wasm'), [], NANO_PER_MAS);
  });

  test('a registered call runs with its coins when the clock reaches its slot', () => {
    id = register(NANO_PER_MAS, 'unit');
    expect(id.startsWith('D')).toBe(true);
    expect(exists()).toBe(true);
    const now = Context.currentSlot().period;
    setSlot(now + 1, 31);
    expect(ticks('unit')).toBe(0);
    setSlot(now + 2, 3);
    expect(ticks('unit')).toBe(1);
    const tick = events()[events().length - 1];
    expect(tick.data).toBe('tick unit with 1000000000 from ' + a + ' at ' + (now + 2).toString() + ':3');
    expect(Storage.getOf(new Address(a), 'ticks')).toBe('1');
    expect(exists()).toBe(false);
  });

  test('another contract may not cancel it', () => {
    id = register(0, 'other');
    expect(() => {
      call(b, 'cancel', new Args().add(id).serialize());
    }).toThrow();
    expect(exists()).toBe(true);
  });

  test('a cancelled call does not run', () => {
    id = register(0, 'never');
    call(a, 'cancel', new Args().add(id).serialize());
    expect(exists()).toBe(false);
    setSlot(Context.currentSlot().period + 3, 3);
    expect(ticks('never')).toBe(0);
  });
});
`;

let project: FixtureProject;
beforeAll(async () => {
  project = await fixtureProject('project');
  mkdirSync(join(project.root, 'build'), { recursive: true });
  writeFileSync(join(project.root, 'build', 'deferred.wasm'), await compileContract(DEFERRED_CALLS_SOURCE, { flavor: 'official' }));
  writeFileSync(join(project.root, 'assembly/__tests__/deferred.spec.ts'), SPEC);
}, scaledTimeout(60_000));
afterAll(() => project?.remove());

describe('deferred calls under mason test', () => {
  it(
    "register, refuse a stranger's cancel, cancel, and run at their slot",
    async () => {
      const output = captureOutput();
      const result = await runTests({ root: project.root, output, color: false, cache: false, files: ['assembly/__tests__/deferred.spec.ts'] });
      const failed = result.files.flatMap((file) => file.tests.filter((test) => !test.passed).map((test) => [test.name, test.failure?.message]));
      expect(failed, output.text()).toEqual([]);
      expect(result.passed).toBe(3);
    },
    scaledTimeout(60_000),
  );
});
