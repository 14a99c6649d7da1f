import { stringText, type AstNode, type Identifier, type TypeNode } from './abiAst.js';
import type { AbiTypes } from './AbiTypes.js';
import { typed, UNKNOWN, type Value } from './abiValue.js';
import type { Evaluator, Frame } from './Evaluator.js';

/**
 * `Storage.x(…)`: what the storage pre-pass records as written under each key, so that bytes a
 * function returns from `Storage.get(KEY)` have the layout of what was stored under KEY.
 */
export class StorageTracker {
  private readonly writes = new Map<string, Value[]>();

  constructor(
    private readonly ev: Evaluator,
    private readonly types: AbiTypes,
  ) {}

  /** The values written under `key`. */
  written(key: string): Value[] {
    return this.writes.get(key) ?? [];
  }

  call(method: string, argNodes: AstNode[], typeArgs: TypeNode[], frame: Frame): Value {
    const args = argNodes.map((arg) => this.ev.expression(arg, frame));
    const key = argNodes[0] ? this.key(argNodes[0], frame) : null;
    if (method === 'has') return typed('bool');
    if (method === 'set' && args.length >= 2) {
      this.ev.escape(args[1]!, 'Storage.set()');
      if (this.ev.scanning && key !== null) {
        const writes = this.writes.get(key) ?? [];
        writes.push(args[1]!);
        this.writes.set(key, writes);
      }
      return UNKNOWN;
    }
    if (method === 'get' || method === 'getAs' || method === 'getOf') {
      const [typeArg] = typeArgs;
      if (typeArg) {
        const type = this.types.typeOfAnnotation(typeArg, frame.source);
        if (type !== 'bytes') return typed(type);
      } else if (args[0]?.k === 'typed' && args[0].type === 'string') {
        return typed('string');
      }
      return { k: 'stored', key };
    }
    return UNKNOWN;
  }

  /** A storage key's identity: its text when it is a string constant, else the constant's declaration. */
  private key(node: AstNode, frame: Frame): string | null {
    const { K, program } = this.ev;
    const literal = stringText(node, program.k);
    if (literal !== null) return `text:${literal}`;
    if (node.kind !== K.Identifier || frame.env.has((node as Identifier).text)) return null;
    const declared = program.resolve(frame.source, (node as Identifier).text);
    if (!declared || declared.node.kind !== K.VariableDeclaration) return null;
    const text = stringText(declared.node.initializer as AstNode | null, program.k);
    return text !== null ? `text:${text}` : `const:${declared.source.internalPath}#${(declared.node.name as Identifier).text}`;
  }
}
