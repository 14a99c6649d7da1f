/**
 * The parts of asc's syntax tree (AssemblyScript 0.27) the ABI inference reads. Node kinds are
 * const enums to TypeScript: their values come from the `assemblyscript` module at run time.
 */

/** Any node: a field is read only after checking `kind`. */
export interface AstNode {
  kind: number;
  [field: string]: unknown;
}

export interface Identifier extends AstNode {
  text: string;
}

export interface TypeNode extends AstNode {
  name?: { identifier: Identifier; next: { identifier: Identifier } | null };
  typeArguments?: TypeNode[] | null;
}

export interface ParameterNode extends AstNode {
  name: Identifier;
  type: TypeNode | null;
  initializer: AstNode | null;
}

export interface FunctionDeclaration extends AstNode {
  name: Identifier;
  flags: number;
  signature: { parameters: ParameterNode[]; returnType: TypeNode | null };
  body: AstNode | null;
}

export interface ClassDeclaration extends AstNode {
  name: Identifier;
  members: AstNode[];
}

export interface SourceNode {
  sourceKind: number;
  internalPath: string;
  normalizedPath: string;
  statements: AstNode[];
}

/** The node kinds and enums the inference needs, as the `assemblyscript` module exports them. */
export interface AstEnums {
  NodeKind: Record<string, number>;
  LiteralKind: Record<string, number>;
  Token: Record<string, number>;
  AssertionKind: Record<string, number>;
  CommonFlags: Record<string, number>;
  SourceKind: Record<string, number>;
}

/** `u8`, `Array<T>`, `a.b`: a type node's name, with its type arguments. */
export function typeName(node: TypeNode | null | undefined): { name: string; args: TypeNode[] } | null {
  if (!node?.name?.identifier) return null;
  let name = node.name.identifier.text;
  for (let next = node.name.next; next; next = (next as { next?: typeof next }).next ?? null) name += `.${next.identifier.text}`;
  return { name, args: node.typeArguments ?? [] };
}

/** The name an expression stands for (a variable, a field, `x.toString()`); null for anything else. */
export function nameOf(node: AstNode, K: Record<string, number>): string | null {
  if (node.kind === K.Identifier) return (node as Identifier).text;
  if (node.kind === K.PropertyAccess) return (node.property as Identifier).text;
  if (node.kind === K.Parenthesized) return nameOf(node.expression as AstNode, K);
  if (node.kind === K.Call) {
    const callee = node.expression as AstNode;
    if (callee.kind === K.PropertyAccess && (callee.property as Identifier).text === 'toString') return nameOf(callee.expression as AstNode, K);
  }
  return null;
}

/** The text of a string literal; null for any other node. */
export function stringText(node: AstNode | null | undefined, k: AstEnums): string | null {
  return node && node.kind === k.NodeKind.Literal && node.literalKind === k.LiteralKind.String ? (node.value as string) : null;
}
