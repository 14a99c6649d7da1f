/**
 * Errors raised inside a library while asc compiles the project's call to it (an SDK generic
 * instantiated with a type it refuses, e.g. `Storage.set('count', 5)` reaching the SDK's
 * `ERROR(…)`) are reported by asc at the library's line only. asc compiles a function's instance
 * when it first compiles a call to it, so while that error is emitted the call expressions being
 * compiled are those that led there: the innermost one in a project file becomes the
 * diagnostic's related range, which toDiagnostic shows as the error's location.
 */

interface Range {
  start: number;
  end: number;
  source: { sourceKind: number; normalizedPath: string };
}
type EmitDiagnostic = (this: unknown, code: number, category: number, range: Range | null, relatedRange: Range | null, ...args: unknown[]) => void;
type CompileCallExpression = (this: unknown, expression: { range: Range }, ...args: unknown[]) => unknown;

export interface CallSiteClasses {
  Compiler: { prototype: object };
  DiagnosticEmitter: { prototype: object };
}

const isLibrary = (range: Range) => range.source.normalizedPath.startsWith('~lib/');

let installed = false;

/** Patches asc's compiler once per thread; with another asc than 0.27's shape, does nothing. */
export function installCallSites(classes: CallSiteClasses): void {
  if (installed) return;
  installed = true;
  const compiler = classes.Compiler?.prototype as { compileCallExpression?: CompileCallExpression } | undefined;
  const emitter = classes.DiagnosticEmitter?.prototype as { emitDiagnostic?: EmitDiagnostic } | undefined;
  const compileCallExpression = compiler?.compileCallExpression;
  const emitDiagnostic = emitter?.emitDiagnostic;
  if (!compiler || !emitter || typeof compileCallExpression !== 'function' || typeof emitDiagnostic !== 'function') return;
  const calls: Range[] = [];
  compiler.compileCallExpression = function (this: unknown, expression, ...args) {
    const range = expression?.range;
    const own = range?.source !== undefined && !isLibrary(range);
    if (own) calls.push(range);
    try {
      return compileCallExpression.call(this, expression, ...args);
    } finally {
      if (own) calls.pop();
    }
  };
  emitter.emitDiagnostic = function (this: unknown, code, category, range, relatedRange, ...args) {
    const caller = calls.at(-1);
    const related = relatedRange === null && range !== null && caller !== undefined && range.source !== undefined && isLibrary(range) ? caller : relatedRange;
    return emitDiagnostic.call(this, code, category, range, related, ...args);
  };
}
