import { typeName, type AstNode, type ClassDeclaration, type FunctionDeclaration, type Identifier, type SourceNode, type TypeNode } from './abiAst.js';
import type { AbiProgram, Declared } from './AbiProgram.js';
import { returnShape, unifyReturns } from './abiReturns.js';
import { AbiTypes, isAbiScalar, scalarName } from './AbiTypes.js';
import { typed, UNKNOWN, type Sink, type Value } from './abiValue.js';
import { ArgsTracker } from './ArgsTracker.js';
import { Calls } from './Calls.js';
import { type Collected, type Evaluator, type Frame, newFrame, nothingCollected } from './Evaluator.js';
import { EventCollector } from './EventCollector.js';
import { HelperFollower } from './HelperFollower.js';
import { Statements } from './Statements.js';
import { StorageTracker } from './StorageTracker.js';

const COMPARISONS = [
  'Equals_Equals',
  'Equals_Equals_Equals',
  'Exclamation_Equals',
  'Exclamation_Equals_Equals',
  'LessThan',
  'GreaterThan',
  'LessThan_Equals',
  'GreaterThan_Equals',
  'Ampersand_Ampersand',
  'Bar_Bar',
  'InstanceOf',
];

/**
 * Evaluates a contract's functions abstractly: values are what the SDK calls make of them (the
 * `Args` read from the argument, the type of each read, the layout of returned bytes), helper
 * functions are followed with their arguments bound, and whatever is not one of these patterns
 * is unknown — it never becomes a guess. Expressions are evaluated here; statements, calls and
 * what they track (types, `Args`, storage, events) by the parts it hands itself to.
 */
export class AbiInterpreter implements Evaluator {
  readonly K: AbiProgram['k']['NodeKind'];
  scanning = false;
  branch = 0;
  loop = 0;
  collected: Collected = nothingCollected();
  readonly types: AbiTypes;
  readonly args: ArgsTracker;
  readonly storage: StorageTracker;
  private readonly calls: Calls;
  private readonly statements: Statements;
  private readonly moduleConsts = new Map<AstNode, Value>();
  private readonly comparisons: Set<number>;

  constructor(readonly program: AbiProgram) {
    this.K = program.k.NodeKind;
    this.comparisons = new Set(COMPARISONS.map((name) => program.k.Token[name]!));
    this.types = new AbiTypes(this);
    this.args = new ArgsTracker(this, this.types);
    this.storage = new StorageTracker(this, this.types);
    const helpers = new HelperFollower(this, this.types, this.args, this.storage);
    this.calls = new Calls(this, { types: this.types, args: this.args, storage: this.storage, events: new EventCollector(this), helpers });
    this.statements = new Statements(this, this.types, this.args);
  }

  run(fn: FunctionDeclaration, frame: Frame): void {
    if (!fn.body) return;
    // An arrow function's body may be an expression.
    if (fn.body.kind === this.K.Block) this.statements.run(fn.body, frame);
    else frame.returns.push(this.expression(fn.body, frame));
  }

  runOnBytes(fn: FunctionDeclaration, source: SourceNode, sink: Sink, structFields = false): Frame {
    const frame = newFrame(source, structFields);
    fn.signature.parameters.forEach((parameter, index) => {
      frame.env.set(parameter.name.text, index === 0 ? { k: 'raw', sink } : this.types.fromAnnotation(parameter.type, source));
    });
    this.run(fn, frame);
    return frame;
  }

  collectingApart<T>(evaluate: () => T): [T, Collected] {
    const saved = this.collected;
    this.collected = nothingCollected();
    const value = evaluate();
    const collected = this.collected;
    this.collected = saved;
    return [value, collected];
  }

  atTopLevel(evaluate: () => void): void {
    const { branch, loop } = this;
    this.branch = 0;
    this.loop = 0;
    this.collectingApart(evaluate);
    this.branch = branch;
    this.loop = loop;
  }

  inBranch<T>(evaluate: () => T): T {
    this.branch++;
    const value = evaluate();
    this.branch--;
    return value;
  }

  inLoop(evaluate: () => void): void {
    this.loop++;
    evaluate();
    this.loop--;
  }

  escape(value: Value, where: string): void {
    if ((value.k === 'raw' || value.k === 'reader') && value.sink && !this.scanning) {
      value.sink.problems.push(`the argument bytes are passed to ${where}, which Mason does not follow`);
    }
  }

  expression(node: AstNode, frame: Frame): Value {
    const K = this.K;
    switch (node.kind) {
      case K.Identifier:
        return this.identifier((node as Identifier).text, frame);
      case K.This:
        return { k: 'this' };
      case K.True:
      case K.False:
        return typed('bool');
      case K.Literal:
        return this.literal(node, frame);
      case K.Parenthesized:
        return this.expression(node.expression as AstNode, frame);
      case K.Assertion: {
        const value = this.expression(node.expression as AstNode, frame);
        const to = typeName(node.toType as TypeNode | null);
        if (!to || value.k === 'array' || value.k === 'raw' || value.k === 'reader' || value.k === 'encoded' || value.k === 'stored') return value;
        const annotated = this.types.fromAnnotation(node.toType as TypeNode, frame.source);
        return annotated.k === 'typed' && annotated.type !== 'unknown' ? annotated : value;
      }
      case K.Binary:
        return this.binary(node, frame);
      case K.UnaryPrefix:
      case K.UnaryPostfix: {
        const value = this.expression(node.operand as AstNode, frame);
        return node.operator === this.program.k.Token.Exclamation ? typed('bool') : value.k === 'typed' ? typed(value.type) : UNKNOWN;
      }
      case K.Ternary: {
        this.expression(node.condition as AstNode, frame);
        const [a, b] = this.inBranch(() => [this.expression(node.ifThen as AstNode, frame), this.expression(node.ifElse as AstNode, frame)]);
        if (a.k === 'typed' && b.k === 'typed') return a.type === b.type ? typed(a.type) : UNKNOWN;
        const shape = unifyReturns([returnShape(a, () => []), returnShape(b, () => [])]);
        return shape.encoding === 'unknown' ? UNKNOWN : { k: 'encoded', returns: shape };
      }
      case K.PropertyAccess:
        return this.property(node, frame);
      case K.ElementAccess: {
        this.escape(this.expression(node.expression as AstNode, frame), 'an element access');
        this.expression(node.elementExpression as AstNode, frame);
        return UNKNOWN;
      }
      case K.New:
        return this.construct(node, frame);
      case K.Call:
        return this.calls.call(node, frame);
      default:
        return UNKNOWN;
    }
  }

  private literal(node: AstNode, frame: Frame): Value {
    const L = this.program.k.LiteralKind;
    switch (node.literalKind) {
      case L.String:
        return typed('string');
      case L.Template:
        for (const expression of node.expressions as AstNode[]) this.expression(expression, frame);
        return typed('string');
      case L.Integer: {
        const { low, high } = node.value as { low: number; high: number };
        return typed('i32', { literal: (BigInt(high >>> 0) << 32n) | BigInt(low >>> 0) });
      }
      case L.Float:
        return typed('f64');
      case L.Array:
        return { k: 'array', elements: (node.elementExpressions as (AstNode | null)[]).map((e) => (e ? this.expression(e, frame) : UNKNOWN)) };
      default:
        return UNKNOWN;
    }
  }

  identifier(name: string, frame: Frame): Value {
    const local = frame.env.get(name);
    if (local) return local;
    const declared = this.program.resolve(frame.source, name);
    if (declared && declared.node.kind === this.K.VariableDeclaration) return this.moduleConst(declared);
    return UNKNOWN;
  }

  private moduleConst(declared: Declared): Value {
    let value = this.moduleConsts.get(declared.node);
    if (value) return value;
    this.moduleConsts.set(declared.node, UNKNOWN);
    const { initializer, type } = declared.node as unknown as { initializer: AstNode | null; type: TypeNode | null };
    const annotated = this.types.fromAnnotation(type, declared.source);
    [value] = this.collectingApart(() => (initializer ? this.expression(initializer, newFrame(declared.source)) : annotated));
    if (value.k === 'unknown' && annotated.k === 'typed') value = annotated;
    this.moduleConsts.set(declared.node, value);
    return value;
  }

  private binary(node: AstNode, frame: Frame): Value {
    const T = this.program.k.Token;
    const left = node.left as AstNode;
    if (node.operator === T.Equals) {
      const value = this.expression(node.right as AstNode, frame);
      if (left.kind === this.K.Identifier) {
        const name = (left as Identifier).text;
        this.args.nameRead(value, name);
        if (frame.env.has(name)) frame.env.set(name, value);
      } else if (left.kind === this.K.PropertyAccess) {
        const target = this.expression(left.expression as AstNode, frame);
        if (target.k === 'this' && frame.structFields) this.args.nameRead(value, (left.property as Identifier).text);
        else this.escape(value, 'a field');
      }
      return value;
    }
    const a = this.expression(left, frame);
    const b = this.expression(node.right as AstNode, frame);
    if (this.comparisons.has(node.operator as number)) return typed('bool');
    if (a.k === 'typed' && b.k === 'typed') {
      if (node.operator === T.Plus && (a.type === 'string' || b.type === 'string')) return typed('string');
      if (a.type === b.type || b.literal !== undefined) return typed(a.type);
      if (a.literal !== undefined) return typed(b.type);
    }
    return UNKNOWN;
  }

  private property(node: AstNode, frame: Frame): Value {
    const property = (node.property as Identifier).text;
    const base = node.expression as AstNode;
    if (base.kind === this.K.Identifier && !frame.env.has((base as Identifier).text)) {
      const type = scalarName((base as Identifier).text);
      // `u64.MAX_VALUE`, `u256.Zero`
      if (type) return typed(type);
    }
    const object = this.expression(base, frame);
    if (property === 'length' || property === 'offset' || property === 'remaining') return typed('i32');
    if (object.k === 'object') {
      const field = object.cls.members.find((member) => member.kind === this.K.FieldDeclaration && (member.name as Identifier).text === property);
      if (field) return this.types.fromAnnotation(field.type as TypeNode, frame.source);
    }
    return UNKNOWN;
  }

  private construct(node: AstNode, frame: Frame): Value {
    const name = typeName({ kind: 0, name: node.typeName } as unknown as TypeNode)?.name ?? '';
    const args = (node.args as AstNode[]).map((arg) => this.expression(arg, frame));
    if (name === 'Args') {
      const [bytes] = args;
      if (!bytes) return { k: 'writer', values: [] };
      return { k: 'reader', sink: bytes.k === 'raw' ? bytes.sink : null, cursor: { at: 0 } };
    }
    if (name === 'Address') {
      const [text] = args;
      const read = text?.k === 'typed' && text.type === 'string' ? text.read : undefined;
      if (read) read.format = 'address';
      return typed('string', { format: 'address', ...(read ? { read } : {}) });
    }
    for (const arg of args) this.escape(arg, `new ${name}()`);
    if (isAbiScalar(name)) return typed(name);
    const declared = this.program.resolve(frame.source, name);
    if (declared && declared.node.kind === this.K.ClassDeclaration) return { k: 'object', cls: declared.node as ClassDeclaration };
    return UNKNOWN;
  }
}
