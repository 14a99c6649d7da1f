import type { AbiEvent } from '@mason/codec/base';
import type { AstNode, FunctionDeclaration } from './abiAst.js';
import type { Declared } from './AbiProgram.js';
import { returnShape, unifyReturns } from './abiReturns.js';
import type { AbiTypes } from './AbiTypes.js';
import { UNKNOWN, type Value } from './abiValue.js';
import type { ArgsTracker } from './ArgsTracker.js';
import { type Evaluator, newFrame } from './Evaluator.js';
import type { StorageTracker } from './StorageTracker.js';

/** How deep helper calls are followed. */
const MAX_DEPTH = 24;

/**
 * Calls of the project's own functions, followed with their arguments bound: what the helper
 * reads, returns and emits is the caller's. A call with no `Args` involved is evaluated once.
 */
export class HelperFollower {
  private readonly memo = new Map<AstNode, { value: Value; events: AbiEvent[]; notes: string[] }>();
  private readonly stack = new Set<AstNode>();

  constructor(
    private readonly ev: Evaluator,
    private readonly types: AbiTypes,
    private readonly args: ArgsTracker,
    private readonly storage: StorageTracker,
  ) {}

  invoke(declared: Declared, args: Value[]): Value {
    const fn = declared.node as FunctionDeclaration;
    const annotated = this.types.fromAnnotation(fn.signature.returnType, declared.source);
    if (this.ev.scanning || this.stack.has(fn) || this.stack.size >= MAX_DEPTH) return annotated;
    fn.signature.parameters.forEach((parameter, index) => {
      const arg = args[index];
      if (arg) this.args.nameRead(arg, parameter.name.text);
    });
    const carriesArgs = args.some((arg) => arg.k === 'raw' || arg.k === 'reader' || arg.k === 'writer' || (arg.k === 'typed' && arg.read));
    if (!carriesArgs) {
      const cached = this.memo.get(fn);
      if (cached) {
        this.addToCaller(cached.events, cached.notes);
        return cached.value;
      }
    }
    const callee = newFrame(declared.source);
    fn.signature.parameters.forEach((parameter, index) => {
      const arg = args[index];
      const fromType = this.types.fromAnnotation(parameter.type, declared.source);
      callee.env.set(parameter.name.text, arg && arg.k !== 'unknown' && !(arg.k === 'typed' && arg.type === 'unknown') ? arg : fromType);
    });
    const [, inner] = this.ev.collectingApart(() => {
      this.stack.add(fn);
      this.ev.run(fn, callee);
      this.stack.delete(fn);
    });
    const value = this.returned(callee.returns, annotated);
    this.addToCaller(inner.events, inner.notes);
    if (!carriesArgs) this.memo.set(fn, { value, events: inner.events, notes: [...inner.notes] });
    return value;
  }

  private addToCaller(events: AbiEvent[], notes: Iterable<string>): void {
    const caller = this.ev.collected;
    caller.events.push(...events);
    for (const note of notes) caller.notes.add(note);
  }

  /** What a call gives: the returned value, else the annotated type; the layout every path returns. */
  private returned(returns: Value[], annotated: Value): Value {
    if (annotated.k === 'typed' && annotated.type !== 'unknown' && annotated.type !== 'bytes') {
      const [only] = returns;
      return returns.length === 1 && only?.k === 'typed' && only.type === annotated.type ? only : annotated;
    }
    if (returns.length === 1) return returns[0]!;
    if (returns.length === 0) return annotated;
    const shape = unifyReturns(returns.map((value) => returnShape(value, (key) => this.storage.written(key))));
    return shape.encoding === 'unknown' ? UNKNOWN : { k: 'encoded', returns: shape };
  }
}
