import { describe, expect, it } from 'vitest';
import { instrumentContract } from '../src/instrumentContract.js';

const source = [
  "import { Args } from '@mason/sdk';",
  'export function constructor(binaryArgs: StaticArray<u8>): void {',
  '  helper();',
  '}',
  'export function get( ): StaticArray<u8> { return []; }',
  'export function typed(args: StaticArray < u8 >): string { return "x"; }',
  'function helper(): void {}',
  'export function numbers(a: i32, b: i32): i32 { return a + b; }',
  'export function optional(args: StaticArray<u8> = []): void {}',
  'export function generic<T>(args: StaticArray<u8>): void {}',
  '@inline export function inlined(args: StaticArray<u8>): void {}',
  'export declare function external(args: StaticArray<u8>): void;',
  'export const VALUE = 1;',
].join('\n');

describe('instrumentContract', () => {
  const out = instrumentContract(source, 'assembly/contracts/main.ts', 'main');
  const lines = out.split('\n');

  it('renames each CallSC-callable export in place: other lines keep their positions', () => {
    expect(lines.slice(0, 13)).toEqual(source.split('\n').map((line) => line.replace(/function (constructor|get|typed)\(/, 'function __mason_gas_fn_$1(')));
  });

  it('appends a wrapper per function that reports entry (with the argument bytes) and exit', () => {
    expect(out).toContain(
      'export function constructor(__mason_gas_args: StaticArray<u8>): void { __mason_gas_enter("main", "constructor", changetype<usize>(__mason_gas_args)); __mason_gas_fn_constructor(__mason_gas_args); __mason_gas_exit(); }',
    );
    expect(out).toContain(
      'export function get(): StaticArray<u8> { __mason_gas_enter("main", "get", 0); const __mason_gas_result = __mason_gas_fn_get(); __mason_gas_exit(); return __mason_gas_result; }',
    );
    expect(out).toContain('export function typed(__mason_gas_args: StaticArray<u8>): string {');
    expect(out).toContain('@external("mason_gas", "enter") declare function __mason_gas_enter(contract: string, name: string, args: usize): void;');
  });

  it('leaves alone what a CallSC cannot call: other parameters, defaults, generics, decorators, declarations', () => {
    for (const name of ['numbers', 'optional', 'generic', 'inlined', 'external', 'helper']) expect(out).not.toContain(`__mason_gas_fn_${name}`);
  });

  it('cannot take a function named like a hook for one', () => {
    const hooks = instrumentContract('export function enter(args: StaticArray<u8>): void {}\n', 'c.ts', 'c');
    expect(hooks).toContain('export function __mason_gas_fn_enter(args');
    expect(hooks).toContain('export function enter(__mason_gas_args: StaticArray<u8>): void { __mason_gas_enter("c", "enter"');
  });

  it('returns a file with nothing callable unchanged, and a file that does not parse as it is', () => {
    expect(instrumentContract('export const A = 1;\n', 'a.ts', 'a')).toBe('export const A = 1;\n');
    expect(instrumentContract('export function (((', 'b.ts', 'b')).toBe('export function (((');
  });
});
