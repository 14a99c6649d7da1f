import { ABI_SCALAR_TYPES, type AbiStruct, type AbiType } from '@mason/codec/base';
import { typeName, type AstNode, type ClassDeclaration, type FunctionDeclaration, type Identifier, type SourceNode, type TypeNode } from './abiAst.js';
import { INTEGERS } from './abiNames.js';
import { typed, UNKNOWN, type Sink, type Value } from './abiValue.js';
import type { Evaluator } from './Evaluator.js';

const SCALARS = new Set<string>(ABI_SCALAR_TYPES);

/** Whether `name` is a scalar type of the ABI (`u256`, `string`, …). */
export const isAbiScalar = (name: string): boolean => SCALARS.has(name);

/** `u64`, `f32`, `bool`: a number type, by its name; null for any other name. */
export function scalarName(name: string): AbiType | null {
  return INTEGERS.has(name) || name === 'f32' || name === 'f64' || name === 'bool' ? name : null;
}

/** The ABI types of type annotations, and the program's `Serializable` classes as the ABI's structs. */
export class AbiTypes {
  readonly structs: Record<string, AbiStruct> = {};
  private readonly structState = new Map<ClassDeclaration, string | null>();

  constructor(private readonly ev: Evaluator) {}

  /** The value an annotation promises: its type, and an `Address` as an address. */
  fromAnnotation(node: TypeNode | null | undefined, source: SourceNode): Value {
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
    const declared = this.ev.program.resolve(source, name);
    if (declared && declared.node.kind === this.ev.K.ClassDeclaration) return this.structType(declared.node as ClassDeclaration, declared.source);
    return 'unknown';
  }

  /** A `Serializable` class as a struct, its fields read from its `deserialize`; `unknown` when they cannot be. */
  structType(cls: ClassDeclaration, source: SourceNode): AbiType {
    if (this.ev.scanning) return 'unknown';
    const known = this.structState.get(cls);
    if (known !== undefined) return known ?? 'unknown';
    let name = cls.name.text;
    for (let i = 2; this.structs[name] && [...this.structState.values()].includes(name); i++) name = `${cls.name.text}${i}`;
    // A struct holding itself is named while its fields are read.
    this.structState.set(cls, name);
    const isDeserialize = (member: AstNode) => member.kind === this.ev.K.MethodDeclaration && (member.name as Identifier).text === 'deserialize';
    const deserialize = cls.members.find(isDeserialize) as FunctionDeclaration | undefined;
    const sink: Sink = { params: [], problems: [] };
    if (deserialize) this.ev.atTopLevel(() => this.ev.runOnBytes(deserialize, source, sink, true));
    if (!deserialize || sink.problems.length > 0 || sink.params.length === 0 || sink.params.some((field) => field.type === 'unknown' || field.optional)) {
      this.structState.set(cls, null);
      return 'unknown';
    }
    this.structs[name] = { fields: sink.params };
    return name;
  }
}
