import { readFileSync } from 'node:fs';
import { sha256Hex } from './sha256Hex.js';

/** sha256 of files, each read at most once per build. */
export class FileHasher {
  private readonly known = new Map<string, string | undefined>();

  /** The file's sha256 (hex), or undefined if it cannot be read. */
  hash(path: string): string | undefined {
    if (this.known.has(path)) return this.known.get(path);
    let digest: string | undefined;
    try {
      digest = sha256Hex(readFileSync(path));
    } catch {
      digest = undefined;
    }
    this.known.set(path, digest);
    return digest;
  }

  /** Records a hash computed elsewhere (asc's reads) for the rest of the build. */
  remember(path: string, digest: string): void {
    this.known.set(path, digest);
  }
}
