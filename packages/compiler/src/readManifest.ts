import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Manifest, parseManifest } from '@mason/codec/base';

/** The manifest.json in `outDir`, or undefined if there is none (or it is not one: codec's `parseManifest` refuses it). */
export function readManifest(outDir: string): Manifest | undefined {
  try {
    return parseManifest(readFileSync(join(outDir, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}
