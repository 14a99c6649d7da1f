import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CODEGEN_CHOICES, type CodegenOptions, CompilerError, isCodegenChoice } from '@mason/compiler';
import { CliError } from './errors.js';
import { parseJsonFile } from './parseJsonFile.js';

/** What `"mason": { "codegen": { … } }` of package.json may set: the options of `mason codegen`. */
export type CodegenConfig = Pick<CodegenOptions, 'out' | 'target' | 'language' | 'as' | 'asOut' | 'asSdk'>;

const quoted = (values: readonly string[]) => values.map((value) => `"${value}"`).join(' or ');

const KEYS: Record<keyof CodegenConfig, (value: unknown) => boolean> = {
  out: (v) => typeof v === 'string' && v !== '',
  asOut: (v) => typeof v === 'string' && v !== '',
  target: (v) => isCodegenChoice('target', v),
  language: (v) => isCodegenChoice('language', v),
  as: (v) => typeof v === 'boolean',
  asSdk: (v) => isCodegenChoice('asSdk', v),
};

const EXPECTED: Record<keyof CodegenConfig, string> = {
  out: 'a folder, relative to the project',
  asOut: 'a folder, relative to the project',
  target: quoted(CODEGEN_CHOICES.target),
  language: quoted(CODEGEN_CHOICES.language),
  as: 'true or false',
  asSdk: quoted(CODEGEN_CHOICES.asSdk),
};

const bad = (option: string, value: unknown, expected: string) =>
  new CompilerError('MASON_COMPILER_CODEGEN_OPTION', { option, value: JSON.stringify(value) ?? String(value), expected });

/**
 * The project's codegen settings (`"mason": { "codegen": { … } }` in package.json), or null when
 * it has none: then `mason build` writes no bindings. Unknown keys and wrong values are refused.
 */
export function readCodegenConfig(root: string): CodegenConfig | null {
  const path = join(root, 'package.json');
  if (!existsSync(path)) return null;
  const pkg = parseJsonFile(path, (where, reason) => new CliError('MASON_CLI_BAD_PACKAGE_JSON', { path, where, reason })) as Record<string, unknown> | null;
  const mason = pkg && typeof pkg === 'object' ? pkg.mason : undefined;
  if (mason === undefined || mason === null || typeof mason !== 'object' || !('codegen' in mason)) return null;
  const config = (mason as Record<string, unknown>).codegen;
  if (config === true) return {};
  if (typeof config !== 'object' || config === null || Array.isArray(config)) throw bad('mason.codegen', config, 'an object of codegen options, or true');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    const check = KEYS[key as keyof CodegenConfig];
    if (!check) throw bad(`mason.codegen.${key}`, value, `one of the options ${Object.keys(KEYS).join(', ')}`);
    if (!check(value)) throw bad(`mason.codegen.${key}`, value, EXPECTED[key as keyof CodegenConfig]);
    out[key] = value;
  }
  return out as CodegenConfig;
}
