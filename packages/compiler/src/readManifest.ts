import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from './Manifest.js';

/** The manifest.json in `outDir`, or undefined if there is none (or it is not one). */
export function readManifest(outDir: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as Manifest;
    return manifest.format === 1 && typeof manifest.contracts === 'object' ? manifest : undefined;
  } catch {
    return undefined;
  }
}
