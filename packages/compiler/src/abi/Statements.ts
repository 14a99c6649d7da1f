import type { AstNode, Identifier, TypeNode } from './abiAst.js';
import type { AbiTypes } from './AbiTypes.js';
import type { ArgsTracker } from './ArgsTracker.js';
import type { Evaluator, Frame } from './Evaluator.js';

/** Statements: each path taken (a branch's reads are optional, a loop's cannot be listed), locals bound, returns collected. */
export class Statements {
  constructor(
    private readonly ev: Evaluator,
    private readonly types: AbiTypes,
    private readonly args: ArgsTracker,
  ) {}

  run(node: AstNode | null | undefined, frame: Frame): void {
    if (!node) return;
    const { ev } = this;
    const K = ev.K;
    switch (node.kind) {
      case K.Block:
        for (const statement of node.statements as AstNode[]) this.run(statement, frame);
        return;
      case K.Variable:
        for (const declaration of node.declarations as AstNode[]) {
          const name = (declaration.name as Identifier).text;
          const value = declaration.initializer
            ? ev.expression(declaration.initializer as AstNode, frame)
            : this.types.fromAnnotation(declaration.type as TypeNode, frame.source);
          this.args.nameRead(value, name);
          frame.env.set(name, value);
        }
        return;
      case K.Expression:
        ev.expression(node.expression as AstNode, frame);
        return;
      case K.Return:
        if (node.value) frame.returns.push(ev.expression(node.value as AstNode, frame));
        return;
      case K.Throw:
        ev.expression(node.value as AstNode, frame);
        return;
      case K.If:
        ev.expression(node.condition as AstNode, frame);
        ev.inBranch(() => {
          this.run(node.ifTrue as AstNode, frame);
          this.run(node.ifFalse as AstNode | null, frame);
        });
        return;
      case K.Switch:
        ev.expression(node.condition as AstNode, frame);
        ev.inBranch(() => {
          for (const switchCase of node.cases as AstNode[]) for (const statement of switchCase.statements as AstNode[]) this.run(statement, frame);
        });
        return;
      case K.While:
      case K.Do:
      case K.For:
      case K.ForOf:
        ev.inLoop(() => {
          if (node.initializer) this.run(node.initializer as AstNode, frame);
          if (node.variable) this.run(node.variable as AstNode, frame);
          if (node.condition) ev.expression(node.condition as AstNode, frame);
          if (node.iterable) ev.expression(node.iterable as AstNode, frame);
          this.run(node.body as AstNode, frame);
          if (node.incrementor) ev.expression(node.incrementor as AstNode, frame);
        });
        return;
      case K.Try:
        for (const statement of (node.bodyStatements as AstNode[] | null) ?? []) this.run(statement, frame);
        ev.inBranch(() => {
          for (const statement of (node.catchStatements as AstNode[] | null) ?? []) this.run(statement, frame);
        });
        for (const statement of (node.finallyStatements as AstNode[] | null) ?? []) this.run(statement, frame);
        return;
      default:
        return;
    }
  }
}
