/** One asc diagnostic, located in the source. */
export interface Diagnostic {
  severity: 'error' | 'warning' | 'info';
  /** asc's code, e.g. "TS1109" (parse errors are TS1xxx) or "AS200". */
  code: string;
  message: string;
  /** Path relative to the project root (or `~lib/…` for the standard library); absent when asc gave no location. */
  file?: string;
  /** 1-based. */
  line?: number;
  /** 1-based, in UTF-16 code units. */
  column?: number;
  /** The lines around the location with a caret under it. */
  frame?: string;
  /**
   * Where asc raised it, when that is inside a library (an SDK generic) compiled for a call in the
   * project: `file`, `line` and `column` are then that call.
   */
  origin?: { file: string; line: number; column: number };
}
