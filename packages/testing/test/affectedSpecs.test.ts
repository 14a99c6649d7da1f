import { describe, expect, it } from 'vitest';
import { affectedSpecs, type SpecDependencies } from '../src/affectedSpecs.js';

const root = '/project';
const absolute = (spec: string) => `${root}/${spec}`;
const specs = ['assembly/__tests__/a.spec.ts', 'assembly/__tests__/b.spec.ts', 'assembly/__tests__/new.spec.ts'];
const known = new Map<string, SpecDependencies>([
  [
    'assembly/__tests__/a.spec.ts',
    { inputs: new Set(['/project/assembly/__tests__/a.spec.ts', '/project/assembly/contracts/token.ts', '/project/assembly/lib/math.ts']), broken: false },
  ],
  ['assembly/__tests__/b.spec.ts', { inputs: new Set(['/project/assembly/__tests__/b.spec.ts', '/project/build/token.wasm']), broken: false }],
]);
const affected = (...changed: string[]) => affectedSpecs(new Set(changed), specs, known, absolute);

describe('affectedSpecs', () => {
  it('runs a spec that changed, and only it', () => {
    expect(affected('/project/assembly/__tests__/b.spec.ts')).toEqual(['assembly/__tests__/b.spec.ts']);
  });

  it('runs the specs whose compilation read a changed file (imports followed), or whose tests read it', () => {
    expect(affected('/project/assembly/lib/math.ts')).toEqual(['assembly/__tests__/a.spec.ts']);
    expect(affected('/project/build/token.wasm')).toEqual(['assembly/__tests__/b.spec.ts']);
    expect(affected('/project/assembly/lib/math.ts', '/project/build/token.wasm')).toEqual(['assembly/__tests__/a.spec.ts', 'assembly/__tests__/b.spec.ts']);
  });

  it('runs a new spec file, and nothing for a file no spec reads', () => {
    expect(affected('/project/assembly/__tests__/new.spec.ts')).toEqual(['assembly/__tests__/new.spec.ts']);
    expect(affected('/project/README.md', '/project/assembly/lib/unused.ts')).toEqual([]);
  });

  it('runs a broken spec again on any source change, its inputs being unknown', () => {
    const broken = new Map(known).set('assembly/__tests__/b.spec.ts', { inputs: new Set(['/project/assembly/__tests__/b.spec.ts']), broken: true });
    expect(affectedSpecs(new Set(['/project/assembly/lib/unused.ts']), specs, broken, absolute)).toEqual(['assembly/__tests__/b.spec.ts']);
    expect(affectedSpecs(new Set(['/project/notes.txt']), specs, broken, absolute)).toEqual([]);
  });

  it('leaves out a spec that no longer exists', () => {
    expect(affectedSpecs(new Set(['/project/assembly/lib/math.ts']), ['assembly/__tests__/b.spec.ts'], known, absolute)).toEqual([]);
  });
});
