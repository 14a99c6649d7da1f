import type { AbiType, AbiValue } from '@mason/codec/base';
import { nameOf, type AstNode, type TypeNode } from './abiAst.js';
import { GENERIC_READS, READS, WRITES } from './abiNames.js';
import type { AbiTypes } from './AbiTypes.js';
import { typed, typeOf, UNKNOWN, type Sink, type Value } from './abiValue.js';
import type { Evaluator, Frame } from './Evaluator.js';

/**
 * The `Args` of the evaluation: each read from the argument bytes is a parameter (named by the
 * variable, field or parameter it goes to, optional in a branch), and `new Args().add(…)` lists
 * the values of bytes being built.
 */
export class ArgsTracker {
  private readonly namedByResult = new WeakSet<AbiValue>();

  constructor(
    private readonly ev: Evaluator,
    private readonly types: AbiTypes,
  ) {}

  /** `args.nextX()`: a read into `sink` (null: an `Args` whose bytes are not the caller's). */
  read(sink: Sink | null, method: string, typeArgs: TypeNode[], frame: Frame, cursor?: { at: number }): Value {
    let type: AbiType = READS[method] ?? 'unknown';
    const generic = GENERIC_READS[method];
    if (generic) {
      const [typeArg] = typeArgs;
      const inner = typeArg ? this.types.typeOfAnnotation(typeArg, frame.source) : 'unknown';
      type = inner === 'unknown' ? 'unknown' : generic === 'array' ? (inner === 'bytes' || inner.endsWith('[]') ? 'unknown' : `${inner}[]`) : inner;
    } else if (!READS[method]) {
      return UNKNOWN;
    }
    // A second `new Args` over the same bytes reads the same parameters again, from the first.
    const again = sink && cursor && cursor.at < sink.params.length ? sink.params[cursor.at] : undefined;
    if (cursor) cursor.at++;
    if (again) {
      if (again.type !== type && !this.ev.scanning) sink!.problems.push(`parameter ${cursor!.at} is read as ${again.type} and as ${type}`);
      const value = typed(again.type, { read: again });
      return method === 'mustNext' ? value : { k: 'result', value };
    }
    const read: AbiValue = { name: null, type };
    const value = typed(type, { read });
    if (sink && !this.ev.scanning) {
      if (this.ev.loop > 0) sink.problems.push(`arguments are read in a loop (${method}): how many depends on the data`);
      if (this.ev.branch > 0) read.optional = true;
      sink.params.push(read);
      if (cursor) cursor.at = sink.params.length;
    }
    return method === 'mustNext' ? value : { k: 'result', value };
  }

  /** `args.addX(value)` on an `Args` being built; `serialize()` gives its layout. */
  write(writer: Extract<Value, { k: 'writer' }>, method: string, args: Value[], argNodes: AstNode[], typeArgs: TypeNode[], frame: Frame): Value {
    if (method === 'serialize') return writer.values ? { k: 'encoded', returns: { encoding: 'args', values: writer.values } } : UNKNOWN;
    if (method !== 'add' && !WRITES[method] && method !== 'addSerializable' && method !== 'addSerializableObjectArray') {
      writer.values = null;
      return writer;
    }
    const [value] = args;
    let type: AbiType = WRITES[method] ?? 'unknown';
    if (!WRITES[method]) {
      const [typeArg] = typeArgs;
      type = typeArg ? this.types.typeOfAnnotation(typeArg, frame.source) : value ? typeOf(value) : 'unknown';
      if (value?.k === 'object') type = this.types.structType(value.cls, frame.source);
    }
    const name = argNodes[0] ? nameOf(argNodes[0], this.ev.K) : null;
    writer.values?.push({ name, type, ...(value?.k === 'typed' && value.format ? { format: value.format } : {}) });
    return writer;
  }

  /** The first name a read is given (the variable, field or parameter it goes to). */
  nameRead(value: Value, name: string): void {
    const read = value.k === 'typed' ? value.read : value.k === 'result' ? value.value.read : undefined;
    if (!read) return;
    // `const amountResult = args.nextU64(); … const amount = amountResult.unwrap()`: the value's name wins.
    if (read.name === null || (value.k === 'typed' && this.namedByResult.has(read))) {
      read.name = name;
      if (value.k === 'result') this.namedByResult.add(read);
      else this.namedByResult.delete(read);
    }
  }
}
