import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileDeployerTemplate } from './compileDeployerTemplate.js';
import { COMPILER_DIR } from './compilerPackage.js';
import { deployerTemplateKey } from './deployerTemplateKey.js';
import type { FileHasher } from './FileHasher.js';

export interface DeployerTemplate {
  /** The compiled assembly/deployer.ts, which bundleDeployer splices contracts into. */
  bytes: Uint8Array;
  key: string;
  /** Where it came from: built with the package, the on-disk cache, or compiled just now. */
  origin: 'prebuilt' | 'cache' | 'compiled';
}

/** Written by `npm run build` of @mason/compiler (scripts/prebuild-deployer.mjs). */
export const PREBUILT_TEMPLATE = join(COMPILER_DIR, 'dist', 'deployer.wasm');
export const PREBUILT_TEMPLATE_KEY = join(COMPILER_DIR, 'dist', 'deployer.json');
const CACHE_DIR = join(COMPILER_DIR, 'node_modules', '.cache', 'mason-compiler');

let loading: { key: string; template: Promise<DeployerTemplate> } | undefined;

function readIfKey(wasm: string, key: string, keyFile?: string): Uint8Array | undefined {
  try {
    if (keyFile && (JSON.parse(readFileSync(keyFile, 'utf8')) as { key?: string }).key !== key) return undefined;
    return existsSync(wasm) ? new Uint8Array(readFileSync(wasm)) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The deployer template for the current deployer source, SDK and asc: the prebuilt one when its
 * key matches, else one cached by key under node_modules/.cache, else compiled once and cached.
 */
export function loadDeployerTemplate(hasher?: FileHasher): Promise<DeployerTemplate> {
  const key = deployerTemplateKey(hasher);
  if (loading?.key !== key) {
    const template = findOrCompile(key);
    loading = { key, template };
    template.catch(() => {
      if (loading?.template === template) loading = undefined;
    });
  }
  return loading.template;
}

async function findOrCompile(key: string): Promise<DeployerTemplate> {
  const prebuilt = readIfKey(PREBUILT_TEMPLATE, key, PREBUILT_TEMPLATE_KEY);
  if (prebuilt) return { bytes: prebuilt, key, origin: 'prebuilt' };
  const cacheFile = join(CACHE_DIR, `deployer-${key}.wasm`);
  const cached = readIfKey(cacheFile, key);
  if (cached) return { bytes: cached, key, origin: 'cache' };
  const bytes = await compileDeployerTemplate();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, cacheFile);
  } catch {
    // A read-only install: the template is then compiled once per process.
  }
  return { bytes, key, origin: 'compiled' };
}
