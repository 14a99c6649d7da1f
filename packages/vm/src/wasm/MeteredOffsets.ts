/**
 * Where each byte of a metered module's code section came from in the original module, so that a
 * wasm stack frame of the metered module (whose offsets the rewrite moved) names the original
 * module's instruction, as a source map of the original expects.
 *
 * Kept as runs: a copied run maps byte for byte; code the rewrite inserted (gas charges,
 * NaN canonicalization, watchdog work) maps to the one original instruction it belongs to.
 */
export class MeteredOffsets {
  private constructor(
    private readonly meteredStarts: Int32Array,
    private readonly originalStarts: Int32Array,
    /** 1 when the run is copied (offsets advance with it), 0 when inserted. */
    private readonly copied: Uint8Array,
    /** Original offsets of the function bodies, in module order. */
    private readonly bodyStarts: Int32Array,
    private readonly importedFunctions: number,
    /** Maps offsets of a module rewritten after metering back to the metered module's (see after). */
    private readonly rewrite?: (offset: number) => number,
  ) {}

  /** The same map for a module that a later rewrite made from the metered one; `toMetered` undoes that rewrite. */
  after(toMetered: (offset: number) => number): MeteredOffsets {
    const rewrite = this.rewrite;
    const chained = rewrite ? (offset: number) => rewrite(toMetered(offset)) : toMetered;
    return new MeteredOffsets(this.meteredStarts, this.originalStarts, this.copied, this.bodyStarts, this.importedFunctions, chained);
  }

  static build(recorder: OffsetRecorder, bodyStarts: readonly number[], importedFunctions: number): MeteredOffsets {
    return new MeteredOffsets(
      Int32Array.from(recorder.metered),
      Int32Array.from(recorder.original),
      Uint8Array.from(recorder.copied),
      Int32Array.from(bodyStarts),
      importedFunctions,
    );
  }

  /** The original module's offset of metered-module byte `offset`, or undefined outside the code. */
  toOriginal(offset: number): number | undefined {
    if (this.rewrite) offset = this.rewrite(offset);
    const index = lastAtOrBefore(this.meteredStarts, offset);
    if (index < 0) return undefined;
    const original = this.originalStarts[index]!;
    return this.copied[index] ? original + (offset - this.meteredStarts[index]!) : original;
  }

  /** Like toOriginal, but only for bytes copied from the original (undefined for code the rewrite inserted). */
  copiedOriginal(offset: number): number | undefined {
    if (this.rewrite) offset = this.rewrite(offset);
    const index = lastAtOrBefore(this.meteredStarts, offset);
    if (index < 0 || !this.copied[index]) return undefined;
    return this.originalStarts[index]! + (offset - this.meteredStarts[index]!);
  }

  /** The index (in the function index space, imports first) of the function holding original byte `offset`. */
  functionIndex(offset: number): number | undefined {
    const index = lastAtOrBefore(this.bodyStarts, offset);
    return index < 0 ? undefined : this.importedFunctions + index;
  }
}

function lastAtOrBefore(values: Int32Array, target: number): number {
  let low = 0;
  let high = values.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (values[mid]! <= target) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** Collects the runs while the code section is written (offsets relative to a base, fixed later). */
export class OffsetRecorder {
  readonly metered: number[] = [];
  readonly original: number[] = [];
  readonly copied: number[] = [];

  /** A run starting at metered byte `metered` that maps to `original` (byte for byte when `copied`). */
  run(metered: number, original: number, copied: boolean): void {
    const last = this.metered.length - 1;
    if (last >= 0 && this.metered[last] === metered) {
      // an empty run before this one
      this.original[last] = original;
      this.copied[last] = copied ? 1 : 0;
      return;
    }
    this.metered.push(metered);
    this.original.push(original);
    this.copied.push(copied ? 1 : 0);
  }

  /** Adds `base` to the metered offsets recorded from index `from` on. */
  shift(from: number, base: number): void {
    for (let i = from; i < this.metered.length; i++) this.metered[i] = this.metered[i]! + base;
  }
}
