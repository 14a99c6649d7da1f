import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestingError } from './errors.js';
import { masonHost, type AspectInstantiate } from './masonHost.js';
import { configUsesVmMock } from './vmMock.js';

/** The parts of an as-pect config (`as-pect.config.js`) the runner uses. */
export interface AspectConfig {
  entries?: string[];
  include?: string[];
  disclude?: RegExp[];
  instantiate: AspectInstantiate;
}

/** What `mason test` uses when a project has no as-pect.config.js (same as this package's as-pect.config.js). */
export const DEFAULT_ASPECT_CONFIG: Required<AspectConfig> = {
  entries: ['assembly/__tests__/**/*.spec.ts'],
  include: ['assembly/__tests__/**/*.include.ts'],
  disclude: [/node_modules/],
  instantiate: masonHost(),
};

export interface LoadedAspectConfig {
  config: Required<AspectConfig>;
  /** The project's config file, if it has one. */
  path: string | undefined;
  /** The project's as-pect.asconfig.json, if it has one. */
  asconfig: string | undefined;
  /** The config instantiates vm-mock: its specs run on the VM in vm-mock mode instead. */
  replacesVmMock: boolean;
}

/** The project's as-pect config (`path`, or `as-pect.config.js` at the root), or Mason's default. */
export async function loadAspectConfig(root: string, path?: string): Promise<LoadedAspectConfig> {
  const file = path ? join(root, path) : join(root, 'as-pect.config.js');
  const asconfig = existsSync(join(root, 'as-pect.asconfig.json')) ? join(root, 'as-pect.asconfig.json') : undefined;
  if (!existsSync(file)) {
    if (path) throw new TestingError('MASON_TESTING_CONFIG', { path: file, reason: 'the file does not exist' });
    return { config: DEFAULT_ASPECT_CONFIG, path: undefined, asconfig, replacesVmMock: false };
  }
  let loaded: Partial<AspectConfig>;
  try {
    loaded = ((await import(pathToFileURL(file).href)) as { default?: Partial<AspectConfig> }).default ?? {};
  } catch (error) {
    throw new TestingError('MASON_TESTING_CONFIG', { path: file, reason: error instanceof Error ? error.message : String(error) }, { cause: error });
  }
  const replacesVmMock = configUsesVmMock(readFileSync(file, 'utf8'));
  if (replacesVmMock) loaded = { ...loaded, instantiate: masonHost({ vmMock: true }) };
  if (typeof loaded.instantiate !== 'function') {
    throw new TestingError('MASON_TESTING_CONFIG', {
      path: file,
      reason: 'its default export has no instantiate function (use masonHost() from @mason/testing)',
    });
  }
  return {
    config: {
      entries: loaded.entries ?? DEFAULT_ASPECT_CONFIG.entries,
      include: loaded.include ?? DEFAULT_ASPECT_CONFIG.include,
      disclude: loaded.disclude ?? DEFAULT_ASPECT_CONFIG.disclude,
      instantiate: loaded.instantiate,
    },
    path: file,
    asconfig,
    replacesVmMock,
  };
}
