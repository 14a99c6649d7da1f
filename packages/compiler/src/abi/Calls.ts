import type { AstNode, FunctionDeclaration, Identifier, TypeNode } from './abiAst.js';
import { CONTEXT, DECODERS, ENCODERS, GENERIC_READS, isSdkSource, READS } from './abiNames.js';
import { scalarName, type AbiTypes } from './AbiTypes.js';
import { typed, UNKNOWN, type Value } from './abiValue.js';
import type { ArgsTracker } from './ArgsTracker.js';
import type { Evaluator, Frame } from './Evaluator.js';
import type { EventCollector } from './EventCollector.js';
import type { HelperFollower } from './HelperFollower.js';
import type { StorageTracker } from './StorageTracker.js';

/** The parts a call may reach. */
export interface CallParts {
  types: AbiTypes;
  args: ArgsTracker;
  storage: StorageTracker;
  events: EventCollector;
  helpers: HelperFollower;
}

/**
 * What a call gives: the project's functions are followed; the SDKs' (encoders, decoders,
 * `Context`, `Storage`, `generateEvent`, the methods of `Args` and `Result`) are known by name;
 * anything else is unknown, and `Args` handed to it escape.
 */
export class Calls {
  constructor(
    private readonly ev: Evaluator,
    private readonly parts: CallParts,
  ) {}

  call(node: AstNode, frame: Frame): Value {
    const { ev } = this;
    const callee = node.expression as AstNode;
    const typeArgs = (node.typeArguments as TypeNode[] | null) ?? [];
    const argNodes = node.args as AstNode[];
    if (callee.kind === ev.K.PropertyAccess) return this.methodCall(callee, argNodes, typeArgs, frame);
    const args = argNodes.map((arg) => ev.expression(arg, frame));
    if (callee.kind !== ev.K.Identifier) {
      for (const arg of args) ev.escape(arg, 'a call Mason does not follow');
      return UNKNOWN;
    }
    const name = (callee as Identifier).text;
    const declared = frame.env.has(name) ? null : ev.program.resolve(frame.source, name);
    const own = declared !== null && !isSdkSource(declared.source);
    if (own && declared.node.kind === ev.K.FunctionDeclaration) return this.parts.helpers.invoke(declared, args);
    if (name === 'generateEvent') {
      this.parts.events.emit(argNodes[0], frame);
      return UNKNOWN;
    }
    if (ENCODERS[name]) return { k: 'encoded', returns: { encoding: 'raw', type: ENCODERS[name] } };
    if (DECODERS[name]) return typed(DECODERS[name]);
    if (scalarName(name) && args.length === 1) return typed(name);
    if (CONTEXT[name]) return typed(CONTEXT[name].type, CONTEXT[name].format ? { format: CONTEXT[name].format } : {});
    if (name === 'assert' || name === 'abort' || name === 'createEvent') return UNKNOWN;
    for (const arg of args) ev.escape(arg, `${name}()`);
    if (declared && declared.node.kind === ev.K.FunctionDeclaration) {
      return this.parts.types.fromAnnotation((declared.node as FunctionDeclaration).signature.returnType, declared.source);
    }
    return UNKNOWN;
  }

  private methodCall(callee: AstNode, argNodes: AstNode[], typeArgs: TypeNode[], frame: Frame): Value {
    const { ev, parts } = this;
    const method = (callee.property as Identifier).text;
    const base = callee.expression as AstNode;
    const baseName = base.kind === ev.K.Identifier && !frame.env.has((base as Identifier).text) ? (base as Identifier).text : null;
    if (baseName === 'Storage') return parts.storage.call(method, argNodes, typeArgs, frame);
    const object = ev.expression(base, frame);
    const args = argNodes.map((arg) => ev.expression(arg, frame));
    if (baseName === 'Context' && CONTEXT[method]) return typed(CONTEXT[method].type, CONTEXT[method].format ? { format: CONTEXT[method].format } : {});
    if (baseName && scalarName(baseName)) return typed(scalarName(baseName)!);
    if (method === 'toString') return typed('string');
    switch (object.k) {
      case 'reader':
        return parts.args.read(object.sink, method, typeArgs, frame, object.cursor);
      case 'writer':
        return parts.args.write(object, method, args, argNodes, typeArgs, frame);
      case 'result':
        if (method === 'expect' || method === 'unwrap' || method === 'unwrapOrDefault') return object.value;
        if (method === 'isOk' || method === 'isErr') return typed('bool');
        return UNKNOWN;
      case 'unknown':
        // An `Args` Mason did not see built (a field, another function's): the type is known, the read is not the caller's.
        if (READS[method] || GENERIC_READS[method]) return parts.args.read(null, method, typeArgs, frame);
        break;
      case 'object':
        if (method === 'serialize')
          return { k: 'encoded', returns: { encoding: 'args', values: [{ name: null, type: parts.types.structType(object.cls, frame.source) }] } };
        break;
      default:
        break;
    }
    ev.escape(object, `.${method}()`);
    for (const arg of args) ev.escape(arg, `.${method}()`);
    return UNKNOWN;
  }
}
