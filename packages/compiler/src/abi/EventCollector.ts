import { nameOf, stringText, type AstNode } from './abiAst.js';
import { eventOf } from './abiEvents.js';
import { typeOf } from './abiValue.js';
import type { Evaluator, Frame } from './Evaluator.js';

/** `generateEvent(text)`: the event its text is, among what the function being evaluated emits. */
export class EventCollector {
  constructor(private readonly ev: Evaluator) {}

  emit(node: AstNode | undefined, frame: Frame): void {
    if (!node) return;
    const { ev } = this;
    ev.expression(node, frame);
    if (ev.scanning) return;
    const event = eventOf(node, {
      K: ev.K,
      L: ev.program.k.LiteralKind,
      plus: ev.program.k.Token.Plus!,
      constText: (name) => this.constText(name, frame),
      typeOf: (name) => {
        const value = frame.env.get(name) ?? ev.identifier(name, frame);
        return { type: typeOf(value), ...(value.k === 'typed' && value.format ? { format: value.format } : {}) };
      },
      nameOf: (expression) => nameOf(expression, ev.K),
    });
    if (!event) {
      ev.collected.notes.add('an event is emitted whose text is not NAME or NAME:value,value,…');
      return;
    }
    const key = JSON.stringify(event);
    if (!ev.collected.events.some((known) => JSON.stringify(known) === key)) ev.collected.events.push(event);
  }

  /** The text of a string constant named `name` in scope, if it is one. */
  private constText(name: string, frame: Frame): string | null {
    if (frame.env.has(name)) return null;
    const { K, program } = this.ev;
    const declared = program.resolve(frame.source, name);
    return declared && declared.node.kind === K.VariableDeclaration ? stringText(declared.node.initializer as AstNode | null, program.k) : null;
  }
}
