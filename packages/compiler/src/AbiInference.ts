// Over 400 lines on purpose: one abstract interpreter whose methods share its frame stack, memo,
// branch/loop depth and collected events; split across files they would pass all of it around.
import { ABI_SCALAR_TYPES, type AbiEvent, type AbiFunction, type AbiReturns, type AbiStruct, type AbiType, type AbiValue } from '@mason/codec/base';
import { typeName, type AstNode, type ClassDeclaration, type FunctionDeclaration, type Identifier, type SourceNode, type TypeNode } from './abiAst.js';
import { eventOf } from './abiEvents.js';
import { CONTEXT, DECODERS, ENCODERS, GENERIC_READS, INTEGERS, READS, SDK_PATHS, WRITES } from './abiNames.js';
import type { AbiProgram, Declared } from './AbiProgram.js';
import { returnShape, unifyReturns } from './abiReturns.js';
import { typed, typeOf, UNKNOWN, type Sink, type Typed, type Value } from './abiValue.js';

/** One function being evaluated: its file, its locals, what it returns. */
interface Frame {
  source: SourceNode;
  env: Map<string, Value>;
  returns: Value[];
  /** In a struct's `deserialize`: `this.field = read` names the read. */
  structFields: boolean;
}

interface Collected {
  events: AbiEvent[];
  notes: Set<string>;
}

const SCALARS = new Set<string>(ABI_SCALAR_TYPES);
/** How deep helper calls are followed. */
const MAX_DEPTH = 24;

const isSdkSource = (source: SourceNode) => SDK_PATHS.some((prefix) => `${source.internalPath}/`.startsWith(prefix));

/**
 * Reads a contract's interface from its syntax tree by evaluating its exports abstractly: values
 * are what the SDK calls make of them (the `Args` read from the argument, the type of each read,
 * the layout of returned bytes), helper functions are followed with their arguments bound, and
 * whatever is not one of these patterns is unknown — it never becomes a guess.
 */
export class AbiInference {
  readonly structs: Record<string, AbiStruct> = {};
  private readonly structState = new Map<ClassDeclaration, string | null>();
  private readonly storage = new Map<string, Value[]>();
  private readonly moduleConsts = new Map<AstNode, Value>();
  private readonly memo = new Map<AstNode, { value: Value; events: AbiEvent[]; notes: string[] }>();
  private readonly stack = new Set<AstNode>();
  private readonly namedByResult = new WeakSet<AbiValue>();
  private collected: Collected = { events: [], notes: new Set() };
  private branch = 0;
  private loop = 0;
  /** Storage pre-pass: every function once, helpers not followed, `Storage.set` recorded. */
  private scanning = false;
  private readonly K: AbiProgram['k']['NodeKind'];
  private readonly comparisons: Set<number>;

  constructor(private readonly program: AbiProgram) {
    this.K = program.k.NodeKind;
    const T = program.k.Token;
    this.comparisons = new Set(
      [
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
      ].map((name) => T[name]!),
    );
  }

  /** Records what every function of the project (and of libraries other than the SDKs) writes to storage. */
  scanStorage(): void {
    const { k } = this.program;
    this.scanning = true;
    for (const source of this.program.sources) {
      const own = source.sourceKind === k.SourceKind.User || source.sourceKind === k.SourceKind.UserEntry;
      if (!own && !(source.internalPath.startsWith('~lib/@') && !isSdkSource(source))) continue;
      for (const statement of source.statements) {
        if (statement.kind === this.K.FunctionDeclaration) this.evaluateAlone(statement as FunctionDeclaration, source);
        if (statement.kind === this.K.ClassDeclaration) {
          for (const member of (statement as ClassDeclaration).members) {
            if (member.kind === this.K.MethodDeclaration) this.evaluateAlone(member as FunctionDeclaration, source);
          }
        }
      }
    }
    this.scanning = false;
    this.collected = { events: [], notes: new Set() };
  }

  private evaluateAlone(fn: FunctionDeclaration, source: SourceNode): void {
    const frame = this.frame(source);
    for (const parameter of fn.signature.parameters) frame.env.set(parameter.name.text, this.fromAnnotation(parameter.type, source));
    this.run(fn, frame);
  }

  /** The ABI entry of one exported function. */
  exportedFunction(name: string, declared: Declared): AbiFunction {
    const fn = declared.node as FunctionDeclaration;
    this.collected = { events: [], notes: new Set() };
    const sink: Sink = { params: [], problems: [] };
    // A node calls an export with the call's argument bytes and reads the bytes it returns.
    const { parameters, returnType } = fn.signature;
    const takesBytes = parameters.length === 0 || (parameters.length === 1 && this.typeOfAnnotation(parameters[0]!.type, declared.source) === 'bytes');
    if (!takesBytes) sink.problems.push(`it takes (${parameters.map((p) => p.name.text).join(', ')}) rather than the StaticArray<u8> a node passes`);
    const returnName = typeName(returnType)?.name;
    const returnsBytes = returnName === undefined || returnName === 'void' || this.typeOfAnnotation(returnType, declared.source) === 'bytes';
    const frame = this.frame(declared.source);
    fn.signature.parameters.forEach((parameter, index) => {
      frame.env.set(parameter.name.text, index === 0 ? { k: 'raw', sink } : this.fromAnnotation(parameter.type, declared.source));
    });
    this.run(fn, frame);
    const notes = this.collected.notes;
    for (const problem of sink.problems) notes.add(problem);
    for (const param of sink.params) {
      if (param.type === 'unknown') notes.add(`the type of argument ${param.name ?? sink.params.indexOf(param) + 1} is not one Mason reads`);
    }
    let returns: AbiReturns | null = null;
    if (!returnsBytes) {
      returns = { encoding: 'unknown' };
      notes.add(`it returns ${returnName}, not the StaticArray<u8> a node reads`);
    } else if (frame.returns.length > 0 && returnName !== 'void') {
      returns = unifyReturns(frame.returns.map((value) => returnShape(value, (key) => this.storage.get(key) ?? [])));
      if (returns.encoding === 'unknown') notes.add('the returned bytes are not built with the SDK encoders or Args, or differ between paths');
      if (returns.encoding === 'args' && returns.values.some((value) => value.type === 'unknown'))
        notes.add('the type of a returned value is not one Mason reads');
    }
    return {
      name,
      params: sink.problems.length > 0 ? 'unknown' : sink.params,
      returns,
      events: this.collected.events,
      complete: notes.size === 0,
      notes: [...notes],
    };
  }

  private frame(source: SourceNode, structFields = false): Frame {
    return { source, env: new Map(), returns: [], structFields };
  }

  private run(fn: FunctionDeclaration, frame: Frame): void {
    if (!fn.body) return;
    // An arrow function's body may be an expression.
    if (fn.body.kind === this.K.Block) this.statement(fn.body, frame);
    else frame.returns.push(this.expression(fn.body, frame));
  }

  // ---- statements ------------------------------------------------------------------------------

  private statement(node: AstNode | null | undefined, frame: Frame): void {
    if (!node) return;
    const K = this.K;
    switch (node.kind) {
      case K.Block:
        for (const statement of node.statements as AstNode[]) this.statement(statement, frame);
        return;
      case K.Variable:
        for (const declaration of node.declarations as AstNode[]) {
          const name = (declaration.name as Identifier).text;
          const value = declaration.initializer
            ? this.expression(declaration.initializer as AstNode, frame)
            : this.fromAnnotation(declaration.type as TypeNode, frame.source);
          this.nameRead(value, name);
          frame.env.set(name, value);
        }
        return;
      case K.Expression:
        this.expression(node.expression as AstNode, frame);
        return;
      case K.Return:
        if (node.value) frame.returns.push(this.expression(node.value as AstNode, frame));
        return;
      case K.Throw:
        this.expression(node.value as AstNode, frame);
        return;
      case K.If:
        this.expression(node.condition as AstNode, frame);
        this.branch++;
        this.statement(node.ifTrue as AstNode, frame);
        this.statement(node.ifFalse as AstNode | null, frame);
        this.branch--;
        return;
      case K.Switch:
        this.expression(node.condition as AstNode, frame);
        this.branch++;
        for (const switchCase of node.cases as AstNode[]) for (const statement of switchCase.statements as AstNode[]) this.statement(statement, frame);
        this.branch--;
        return;
      case K.While:
      case K.Do:
      case K.For:
      case K.ForOf:
        this.loop++;
        if (node.initializer) this.statement(node.initializer as AstNode, frame);
        if (node.variable) this.statement(node.variable as AstNode, frame);
        if (node.condition) this.expression(node.condition as AstNode, frame);
        if (node.iterable) this.expression(node.iterable as AstNode, frame);
        this.statement(node.body as AstNode, frame);
        if (node.incrementor) this.expression(node.incrementor as AstNode, frame);
        this.loop--;
        return;
      case K.Try:
        for (const statement of (node.bodyStatements as AstNode[] | null) ?? []) this.statement(statement, frame);
        this.branch++;
        for (const statement of (node.catchStatements as AstNode[] | null) ?? []) this.statement(statement, frame);
        this.branch--;
        for (const statement of (node.finallyStatements as AstNode[] | null) ?? []) this.statement(statement, frame);
        return;
      default:
        return;
    }
  }

  // ---- expressions -----------------------------------------------------------------------------

  private expression(node: AstNode, frame: Frame): Value {
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
        const annotated = this.fromAnnotation(node.toType as TypeNode, frame.source);
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
        this.branch++;
        const a = this.expression(node.ifThen as AstNode, frame);
        const b = this.expression(node.ifElse as AstNode, frame);
        this.branch--;
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
        return this.call(node, frame);
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

  private identifier(name: string, frame: Frame): Value {
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
    const annotated = this.fromAnnotation(type, declared.source);
    const saved = this.collected;
    this.collected = { events: [], notes: new Set() };
    value = initializer ? this.expression(initializer, this.frame(declared.source)) : annotated;
    this.collected = saved;
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
        this.nameRead(value, name);
        if (frame.env.has(name)) frame.env.set(name, value);
      } else if (left.kind === this.K.PropertyAccess) {
        const target = this.expression(left.expression as AstNode, frame);
        if (target.k === 'this' && frame.structFields) this.nameRead(value, (left.property as Identifier).text);
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
      const type = this.scalarName((base as Identifier).text);
      // `u64.MAX_VALUE`, `u256.Zero`
      if (type) return typed(type);
    }
    const object = this.expression(base, frame);
    if (property === 'length' || property === 'offset' || property === 'remaining') return typed('i32');
    if (object.k === 'object') {
      const field = object.cls.members.find((member) => member.kind === this.K.FieldDeclaration && (member.name as Identifier).text === property);
      if (field) return this.fromAnnotation(field.type as TypeNode, frame.source);
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
    if (SCALARS.has(name)) return typed(name);
    const declared = this.program.resolve(frame.source, name);
    if (declared && declared.node.kind === this.K.ClassDeclaration) return { k: 'object', cls: declared.node as ClassDeclaration };
    return UNKNOWN;
  }

  private call(node: AstNode, frame: Frame): Value {
    const callee = node.expression as AstNode;
    const typeArgs = (node.typeArguments as TypeNode[] | null) ?? [];
    const argNodes = node.args as AstNode[];
    if (callee.kind === this.K.PropertyAccess) return this.methodCall(callee, argNodes, typeArgs, frame);
    const args = argNodes.map((arg) => this.expression(arg, frame));
    if (callee.kind !== this.K.Identifier) {
      for (const arg of args) this.escape(arg, 'a call Mason does not follow');
      return UNKNOWN;
    }
    const name = (callee as Identifier).text;
    const declared = frame.env.has(name) ? null : this.program.resolve(frame.source, name);
    const own = declared !== null && !isSdkSource(declared.source);
    if (own && declared.node.kind === this.K.FunctionDeclaration) return this.invoke(declared, args);
    if (name === 'generateEvent') {
      this.event(argNodes[0], frame);
      return UNKNOWN;
    }
    if (ENCODERS[name]) return { k: 'encoded', returns: { encoding: 'raw', type: ENCODERS[name] } };
    if (DECODERS[name]) return typed(DECODERS[name]);
    if (this.scalarName(name) && args.length === 1) return typed(name);
    if (CONTEXT[name]) return typed(CONTEXT[name].type, CONTEXT[name].format ? { format: CONTEXT[name].format } : {});
    if (name === 'assert' || name === 'abort' || name === 'createEvent') return UNKNOWN;
    for (const arg of args) this.escape(arg, `${name}()`);
    if (declared && declared.node.kind === this.K.FunctionDeclaration) {
      return this.fromAnnotation((declared.node as FunctionDeclaration).signature.returnType, declared.source);
    }
    return UNKNOWN;
  }

  private methodCall(callee: AstNode, argNodes: AstNode[], typeArgs: TypeNode[], frame: Frame): Value {
    const method = (callee.property as Identifier).text;
    const base = callee.expression as AstNode;
    const baseName = base.kind === this.K.Identifier && !frame.env.has((base as Identifier).text) ? (base as Identifier).text : null;
    if (baseName === 'Storage') return this.storageCall(method, argNodes, typeArgs, frame);
    const object = this.expression(base, frame);
    const args = argNodes.map((arg) => this.expression(arg, frame));
    if (baseName === 'Context' && CONTEXT[method]) return typed(CONTEXT[method].type, CONTEXT[method].format ? { format: CONTEXT[method].format } : {});
    if (baseName && this.scalarName(baseName)) return typed(this.scalarName(baseName)!);
    if (method === 'toString') return typed('string');
    switch (object.k) {
      case 'reader':
        return this.read(object.sink, method, typeArgs, frame, object.cursor);
      case 'writer':
        return this.write(object, method, args, argNodes, typeArgs, frame);
      case 'result':
        if (method === 'expect' || method === 'unwrap' || method === 'unwrapOrDefault') return object.value;
        if (method === 'isOk' || method === 'isErr') return typed('bool');
        return UNKNOWN;
      case 'unknown':
        // An `Args` Mason did not see built (a field, another function's): the type is known, the read is not the caller's.
        if (READS[method] || GENERIC_READS[method]) return this.read(null, method, typeArgs, frame);
        break;
      case 'object':
        if (method === 'serialize')
          return { k: 'encoded', returns: { encoding: 'args', values: [{ name: null, type: this.structType(object.cls, frame.source) }] } };
        break;
      default:
        break;
    }
    this.escape(object, `.${method}()`);
    for (const arg of args) this.escape(arg, `.${method}()`);
    return UNKNOWN;
  }

  private storageCall(method: string, argNodes: AstNode[], typeArgs: TypeNode[], frame: Frame): Value {
    const args = argNodes.map((arg) => this.expression(arg, frame));
    const key = argNodes[0] ? this.storageKey(argNodes[0], frame) : null;
    if (method === 'has') return typed('bool');
    if (method === 'set' && args.length >= 2) {
      this.escape(args[1]!, 'Storage.set()');
      if (this.scanning && key !== null) {
        const writes = this.storage.get(key) ?? [];
        writes.push(args[1]!);
        this.storage.set(key, writes);
      }
      return UNKNOWN;
    }
    if (method === 'get' || method === 'getAs' || method === 'getOf') {
      const [typeArg] = typeArgs;
      if (typeArg) {
        const type = this.typeOfAnnotation(typeArg, frame.source);
        if (type !== 'bytes') return typed(type);
      } else if (args[0]?.k === 'typed' && args[0].type === 'string') {
        return typed('string');
      }
      return { k: 'stored', key };
    }
    return UNKNOWN;
  }

  /** A storage key's identity: its text when it is a string constant, else the constant's declaration. */
  private storageKey(node: AstNode, frame: Frame): string | null {
    if (node.kind === this.K.Literal && node.literalKind === this.program.k.LiteralKind.String) return `text:${node.value as string}`;
    if (node.kind !== this.K.Identifier || frame.env.has((node as Identifier).text)) return null;
    const declared = this.program.resolve(frame.source, (node as Identifier).text);
    if (!declared || declared.node.kind !== this.K.VariableDeclaration) return null;
    const initializer = declared.node.initializer as AstNode | null;
    if (initializer && initializer.kind === this.K.Literal && initializer.literalKind === this.program.k.LiteralKind.String)
      return `text:${initializer.value as string}`;
    return `const:${declared.source.internalPath}#${(declared.node.name as Identifier).text}`;
  }

  private read(sink: Sink | null, method: string, typeArgs: TypeNode[], frame: Frame, cursor?: { at: number }): Value {
    let type: AbiType = READS[method] ?? 'unknown';
    const generic = GENERIC_READS[method];
    if (generic) {
      const [typeArg] = typeArgs;
      const inner = typeArg ? this.typeOfAnnotation(typeArg, frame.source) : 'unknown';
      type = inner === 'unknown' ? 'unknown' : generic === 'array' ? (inner === 'bytes' || inner.endsWith('[]') ? 'unknown' : `${inner}[]`) : inner;
    } else if (!READS[method]) {
      return UNKNOWN;
    }
    // A second `new Args` over the same bytes reads the same parameters again, from the first.
    const again = sink && cursor && cursor.at < sink.params.length ? sink.params[cursor.at] : undefined;
    if (cursor) cursor.at++;
    if (again) {
      if (again.type !== type && !this.scanning) sink!.problems.push(`parameter ${cursor!.at} is read as ${again.type} and as ${type}`);
      const value = typed(again.type, { read: again });
      return method === 'mustNext' ? value : { k: 'result', value };
    }
    const read: AbiValue = { name: null, type };
    const value = typed(type, { read });
    if (sink && !this.scanning) {
      if (this.loop > 0) sink.problems.push(`arguments are read in a loop (${method}): how many depends on the data`);
      if (this.branch > 0) read.optional = true;
      sink.params.push(read);
      if (cursor) cursor.at = sink.params.length;
    }
    return method === 'mustNext' ? value : { k: 'result', value };
  }

  private write(writer: Extract<Value, { k: 'writer' }>, method: string, args: Value[], argNodes: AstNode[], typeArgs: TypeNode[], frame: Frame): Value {
    if (method === 'serialize') return writer.values ? { k: 'encoded', returns: { encoding: 'args', values: writer.values } } : UNKNOWN;
    if (method !== 'add' && !WRITES[method] && method !== 'addSerializable' && method !== 'addSerializableObjectArray') {
      writer.values = null;
      return writer;
    }
    const [value] = args;
    let type: AbiType = WRITES[method] ?? 'unknown';
    if (!WRITES[method]) {
      const [typeArg] = typeArgs;
      type = typeArg ? this.typeOfAnnotation(typeArg, frame.source) : value ? typeOf(value) : 'unknown';
      if (value?.k === 'object') type = this.structType(value.cls, frame.source);
    }
    const name = argNodes[0] ? this.nameOf(argNodes[0]) : null;
    writer.values?.push({ name, type, ...(value?.k === 'typed' && value.format ? { format: value.format } : {}) });
    return writer;
  }

  /** Calls a function of the project with its arguments bound; a call with no `Args` involved is evaluated once. */
  private invoke(declared: Declared, args: Value[]): Value {
    const fn = declared.node as FunctionDeclaration;
    const annotated = this.fromAnnotation(fn.signature.returnType, declared.source);
    if (this.scanning || this.stack.has(fn) || this.stack.size >= MAX_DEPTH) return annotated;
    fn.signature.parameters.forEach((parameter, index) => {
      const arg = args[index];
      if (arg) this.nameRead(arg, parameter.name.text);
    });
    const carriesArgs = args.some((arg) => arg.k === 'raw' || arg.k === 'reader' || arg.k === 'writer' || (arg.k === 'typed' && arg.read));
    if (!carriesArgs) {
      const cached = this.memo.get(fn);
      if (cached) {
        this.collected.events.push(...cached.events);
        for (const note of cached.notes) this.collected.notes.add(note);
        return cached.value;
      }
    }
    const saved = this.collected;
    this.collected = { events: [], notes: new Set() };
    const callee = this.frame(declared.source);
    fn.signature.parameters.forEach((parameter, index) => {
      const arg = args[index];
      const fromType = this.fromAnnotation(parameter.type, declared.source);
      callee.env.set(parameter.name.text, arg && arg.k !== 'unknown' && !(arg.k === 'typed' && arg.type === 'unknown') ? arg : fromType);
    });
    this.stack.add(fn);
    this.run(fn, callee);
    this.stack.delete(fn);
    const value = this.returned(callee.returns, annotated);
    const inner = this.collected;
    this.collected = saved;
    this.collected.events.push(...inner.events);
    for (const note of inner.notes) this.collected.notes.add(note);
    if (!carriesArgs) this.memo.set(fn, { value, events: inner.events, notes: [...inner.notes] });
    return value;
  }

  private returned(returns: Value[], annotated: Value): Value {
    if (annotated.k === 'typed' && annotated.type !== 'unknown' && annotated.type !== 'bytes') {
      const [only] = returns;
      return returns.length === 1 && only?.k === 'typed' && only.type === annotated.type ? only : annotated;
    }
    if (returns.length === 1) return returns[0]!;
    if (returns.length === 0) return annotated;
    const shape = unifyReturns(returns.map((value) => returnShape(value, (key) => this.storage.get(key) ?? [])));
    return shape.encoding === 'unknown' ? UNKNOWN : { k: 'encoded', returns: shape };
  }

  private event(node: AstNode | undefined, frame: Frame): void {
    if (!node) return;
    this.expression(node, frame);
    if (this.scanning) return;
    const event = eventOf(node, {
      K: this.K,
      L: this.program.k.LiteralKind,
      plus: this.program.k.Token.Plus!,
      constText: (name) => this.constText(name, frame),
      typeOf: (name) => {
        const value = frame.env.get(name) ?? this.identifier(name, frame);
        return { type: typeOf(value), ...(value.k === 'typed' && value.format ? { format: value.format } : {}) };
      },
      nameOf: (expression) => this.nameOf(expression),
    });
    if (!event) {
      this.collected.notes.add('an event is emitted whose text is not NAME or NAME:value,value,…');
      return;
    }
    const key = JSON.stringify(event);
    if (!this.collected.events.some((known) => JSON.stringify(known) === key)) this.collected.events.push(event);
  }

  /** The text of a string constant named `name` in scope, if it is one. */
  private constText(name: string, frame: Frame): string | null {
    if (frame.env.has(name)) return null;
    const declared = this.program.resolve(frame.source, name);
    const initializer = declared && declared.node.kind === this.K.VariableDeclaration ? (declared.node.initializer as AstNode | null) : null;
    return initializer && initializer.kind === this.K.Literal && initializer.literalKind === this.program.k.LiteralKind.String
      ? (initializer.value as string)
      : null;
  }

  // ---- names and types ------------------------------------------------------------------------

  /** The first name a read is given (the variable, field or parameter it goes to). */
  private nameRead(value: Value, name: string): void {
    const read = value.k === 'typed' ? value.read : value.k === 'result' ? value.value.read : undefined;
    if (!read) return;
    // `const amountResult = args.nextU64(); … const amount = amountResult.unwrap()`: the value's name wins.
    if (read.name === null || (value.k === 'typed' && this.namedByResult.has(read))) {
      read.name = name;
      if (value.k === 'result') this.namedByResult.add(read);
      else this.namedByResult.delete(read);
    }
  }

  private nameOf(node: AstNode): string | null {
    const K = this.K;
    if (node.kind === K.Identifier) return (node as Identifier).text;
    if (node.kind === K.PropertyAccess) return (node.property as Identifier).text;
    if (node.kind === K.Parenthesized) return this.nameOf(node.expression as AstNode);
    if (node.kind === K.Call) {
      const callee = node.expression as AstNode;
      if (callee.kind === K.PropertyAccess && (callee.property as Identifier).text === 'toString') return this.nameOf(callee.expression as AstNode);
    }
    return null;
  }

  private scalarName(name: string): AbiType | null {
    return INTEGERS.has(name) || name === 'f32' || name === 'f64' || name === 'bool' ? name : null;
  }

  private fromAnnotation(node: TypeNode | null | undefined, source: SourceNode): Value {
    const named = typeName(node);
    if (named?.name === 'Address') return typed('string', { format: 'address' });
    const type = this.typeOfAnnotation(node, source);
    return type === 'unknown' ? UNKNOWN : typed(type);
  }

  /** The ABI type of a type annotation; `unknown` for what `Args` does not carry. */
  typeOfAnnotation(node: TypeNode | null | undefined, source: SourceNode): AbiType {
    const named = typeName(node);
    if (!named) return 'unknown';
    const { name, args } = named;
    if (SCALARS.has(name) && name !== 'bytes') return name;
    if (name === 'boolean') return 'bool';
    if (name === 'String' || name === 'Address') return 'string';
    if (name === 'Uint8Array' || (name === 'StaticArray' && typeName(args[0])?.name === 'u8')) return 'bytes';
    if (name === 'Array' && args.length === 1) {
      const inner = this.typeOfAnnotation(args[0], source);
      return inner === 'unknown' || inner === 'bytes' || inner.endsWith('[]') ? 'unknown' : `${inner}[]`;
    }
    const declared = this.program.resolve(source, name);
    if (declared && declared.node.kind === this.K.ClassDeclaration) return this.structType(declared.node as ClassDeclaration, declared.source);
    return 'unknown';
  }

  /** A `Serializable` class as a struct, its fields read from its `deserialize`; `unknown` when they cannot be. */
  private structType(cls: ClassDeclaration, source: SourceNode): AbiType {
    if (this.scanning) return 'unknown';
    const known = this.structState.get(cls);
    if (known !== undefined) return known ?? 'unknown';
    let name = cls.name.text;
    for (let i = 2; this.structs[name] && [...this.structState.values()].includes(name); i++) name = `${cls.name.text}${i}`;
    // A struct holding itself is named while its fields are read.
    this.structState.set(cls, name);
    const deserialize = cls.members.find((member) => member.kind === this.K.MethodDeclaration && (member.name as Identifier).text === 'deserialize') as
      | FunctionDeclaration
      | undefined;
    const sink: Sink = { params: [], problems: [] };
    if (deserialize) {
      const frame = this.frame(source, true);
      deserialize.signature.parameters.forEach((parameter, index) => {
        frame.env.set(parameter.name.text, index === 0 ? { k: 'raw', sink } : this.fromAnnotation(parameter.type, source));
      });
      const saved = { collected: this.collected, branch: this.branch, loop: this.loop };
      this.collected = { events: [], notes: new Set() };
      this.branch = 0;
      this.loop = 0;
      this.run(deserialize, frame);
      this.collected = saved.collected;
      this.branch = saved.branch;
      this.loop = saved.loop;
    }
    if (!deserialize || sink.problems.length > 0 || sink.params.length === 0 || sink.params.some((field) => field.type === 'unknown' || field.optional)) {
      this.structState.set(cls, null);
      return 'unknown';
    }
    this.structs[name] = { fields: sink.params };
    return name;
  }

  /** `binaryArgs` (or an `Args` over it) handed to code Mason does not follow: the reads cannot be listed. */
  private escape(value: Value, where: string): void {
    if ((value.k === 'raw' || value.k === 'reader') && value.sink && !this.scanning) {
      value.sink.problems.push(`the argument bytes are passed to ${where}, which Mason does not follow`);
    }
  }
}

export type { Typed };
