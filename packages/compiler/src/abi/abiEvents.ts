import type { AbiEvent, AbiType, AbiValue } from '@mason/codec/base';
import type { AstNode, Identifier } from './abiAst.js';

export interface EventHelpers {
  K: Record<string, number>;
  L: Record<string, number>;
  plus: number;
  /** The text of the string constant a name refers to, if it is one. */
  constText(name: string): string | null;
  typeOf(name: string): { type: AbiType; format?: 'address' };
  nameOf(node: AstNode): string | null;
}

/** Pieces of an event's text: constant text, or an expression whose value is inserted. */
type Piece = string | AstNode;

function pieces(node: AstNode, h: EventHelpers): Piece[] | null {
  const { K, L } = h;
  if (node.kind === K.Parenthesized) return pieces(node.expression as AstNode, h);
  if (node.kind === K.Literal && node.literalKind === L.String) return [node.value as string];
  if (node.kind === K.Identifier) {
    const text = h.constText((node as Identifier).text);
    return text === null ? null : [text];
  }
  if (node.kind === K.Literal && node.literalKind === L.Template && node.tag === null) {
    const parts = node.parts as string[];
    const expressions = node.expressions as AstNode[];
    return parts.flatMap((part, index) => (index < expressions.length ? [part, expressions[index]!] : [part]));
  }
  if (node.kind === K.Binary && node.operator === h.plus) {
    const left = pieces(node.left as AstNode, h) ?? [node.left as AstNode];
    const right = pieces(node.right as AstNode, h) ?? [node.right as AstNode];
    return [...left, ...right];
  }
  return null;
}

function field(node: AstNode, h: EventHelpers): AbiValue {
  const name = h.nameOf(node);
  let base = node;
  // `amount.toString()`: the value is amount's.
  while (base.kind === h.K.Call && (base.expression as AstNode).kind === h.K.PropertyAccess) {
    const callee = base.expression as AstNode;
    if ((callee.property as Identifier).text !== 'toString') break;
    base = callee.expression as AstNode;
  }
  if (base.kind === h.K.Identifier) return { name, ...h.typeOf((base as Identifier).text) };
  if (base.kind === h.K.Literal && base.literalKind === h.L.String) return { name, type: 'string' };
  return { name, type: 'unknown' };
}

/**
 * The event a `generateEvent(text)` emits when its text has the Massa shape: a constant
 * (`'TRANSFER SUCCESS'`), `createEvent(NAME, [a, b])`, or `NAME:a,b` written as a template or a
 * concatenation. Null for any other text.
 */
export function eventOf(node: AstNode, h: EventHelpers): AbiEvent | null {
  const { K } = h;
  if (node.kind === K.Call && (node.expression as AstNode).kind === K.Identifier && (node.expression as Identifier).text === 'createEvent') {
    const [nameNode, list] = node.args as AstNode[];
    const name = nameNode ? pieces(nameNode, h) : null;
    if (name?.length !== 1 || typeof name[0] !== 'string') return null;
    if (!list || list.kind !== K.Literal || list.literalKind !== h.L.Array) return null;
    return { name: name[0], fields: (list.elementExpressions as AstNode[]).map((element) => field(element, h)) };
  }
  const found = pieces(node, h);
  if (!found) return null;
  // Adjacent constant texts are one.
  const merged: Piece[] = [];
  for (const piece of found) {
    const last = merged.at(-1);
    if (typeof piece === 'string' && typeof last === 'string') merged[merged.length - 1] = last + piece;
    else merged.push(piece);
  }
  const kept = merged.filter((piece) => piece !== '');
  const [head, ...rest] = kept;
  if (typeof head === 'string' && rest.length === 0) return { name: head, fields: [] };
  return namedEvent(head, rest, h) ?? textEvent(kept, h);
}

/** `NAME:` then values separated by commas. */
function namedEvent(head: Piece | undefined, rest: Piece[], h: EventHelpers): AbiEvent | null {
  if (typeof head !== 'string' || !head.endsWith(':') || head.indexOf(':') !== head.length - 1 || rest.length % 2 === 0) return null;
  const fields: AbiValue[] = [];
  for (let i = 0; i < rest.length; i++) {
    const piece = rest[i]!;
    if (i % 2 === 1 ? piece !== ',' : typeof piece === 'string') return null;
    if (typeof piece !== 'string') fields.push(field(piece, h));
  }
  return { name: head.slice(0, -1), fields };
}

/** Any other text of constants and values; two values side by side could not be told apart. */
function textEvent(pieces: Piece[], h: EventHelpers): AbiEvent | null {
  const fields: AbiValue[] = [];
  let text = '';
  let previous: Piece | undefined;
  for (const piece of pieces) {
    if (typeof piece === 'string') text += piece.replace(/[{}]/g, (brace) => brace + brace);
    else {
      if (previous !== undefined && typeof previous !== 'string') return null;
      const value = field(piece, h);
      fields.push(value);
      text += `{${value.name ?? ''}}`;
    }
    previous = piece;
  }
  return { name: null, fields, text };
}
