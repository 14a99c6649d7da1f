import type { AbiEvent } from '@mason/codec/base';
import type { AstNode, FunctionDeclaration, SourceNode } from './abiAst.js';
import type { AbiProgram } from './AbiProgram.js';
import type { Sink, Value } from './abiValue.js';

/** One function being evaluated: its file, its locals, what it returns. */
export interface Frame {
  source: SourceNode;
  env: Map<string, Value>;
  returns: Value[];
  /** In a struct's `deserialize`: `this.field = read` names the read. */
  structFields: boolean;
}

export const newFrame = (source: SourceNode, structFields = false): Frame => ({ source, env: new Map(), returns: [], structFields });

/** What evaluating a function finds besides its value: the events it emits, and why its ABI is incomplete. */
export interface Collected {
  events: AbiEvent[];
  notes: Set<string>;
}

export const nothingCollected = (): Collected => ({ events: [], notes: new Set() });

/**
 * The abstract interpreter as its parts (types, `Args`, storage, events, calls, statements) see
 * it: the evaluation they all share, and evaluating a node. The parts are handed the interpreter,
 * so that none of them imports it.
 */
export interface Evaluator {
  readonly program: AbiProgram;
  readonly K: AbiProgram['k']['NodeKind'];
  /** The storage pre-pass: every function once, helpers not followed, `Storage.set` recorded. */
  readonly scanning: boolean;
  /** How many branches (`if`, `switch`, `catch`, `?:`) enclose what is evaluated: a read there is optional. */
  readonly branch: number;
  /** How many loops enclose what is evaluated: reads there cannot be listed. */
  readonly loop: number;
  /** What the function being evaluated has collected so far. */
  readonly collected: Collected;
  expression(node: AstNode, frame: Frame): Value;
  /** The value a name has in `frame`: a local, else a module constant. */
  identifier(name: string, frame: Frame): Value;
  run(fn: FunctionDeclaration, frame: Frame): void;
  /** Runs `fn` called with argument bytes (read into `sink`), its other parameters of their annotated types. */
  runOnBytes(fn: FunctionDeclaration, source: SourceNode, sink: Sink, structFields?: boolean): Frame;
  /** Evaluates with a collection of its own, and gives it back; the current one is left as it was. */
  collectingApart<T>(evaluate: () => T): [T, Collected];
  /** Evaluates outside any branch or loop, what it collects dropped (a struct's `deserialize`). */
  atTopLevel(evaluate: () => void): void;
  inBranch<T>(evaluate: () => T): T;
  inLoop(evaluate: () => void): void;
  /** `binaryArgs` (or an `Args` over it) handed to code Mason does not follow: the reads cannot be listed. */
  escape(value: Value, where: string): void;
}
