import type { AstEnums, AstNode, Identifier, SourceNode } from './abiAst.js';

/** A top-level declaration (function, class or variable) and the file it is in. */
export interface Declared {
  source: SourceNode;
  node: AstNode;
}

interface ImportDeclarationNode extends AstNode {
  name: Identifier;
  foreignName: Identifier;
}
interface ExportMemberNode extends AstNode {
  localName: Identifier;
  exportedName: Identifier;
}

/**
 * The parsed files of one asc program, and the name lookups the inference needs: a name in a
 * file (its own declarations, then its imports) and the names a file exports (its `export`
 * declarations, `export { … }`, `export { … } from` and `export * from`).
 */
export class AbiProgram {
  private readonly byPath = new Map<string, SourceNode>();
  private readonly locals = new Map<SourceNode, Map<string, AstNode>>();

  constructor(
    readonly sources: readonly SourceNode[],
    readonly k: AstEnums,
  ) {
    for (const source of sources) this.byPath.set(source.internalPath, source);
  }

  /** The file an import path names: as written, or its `index`. */
  sourceAt(internalPath: unknown): SourceNode | undefined {
    if (typeof internalPath !== 'string') return undefined;
    return this.byPath.get(internalPath) ?? this.byPath.get(`${internalPath}/index`);
  }

  /** Top-level functions, classes and variables of a file, by name. */
  private declarations(source: SourceNode): Map<string, AstNode> {
    let found = this.locals.get(source);
    if (found) return found;
    const { NodeKind } = this.k;
    found = new Map();
    for (const statement of source.statements) {
      if (statement.kind === NodeKind.FunctionDeclaration || statement.kind === NodeKind.ClassDeclaration) {
        found.set((statement.name as Identifier).text, statement);
      } else if (statement.kind === NodeKind.Variable) {
        for (const declaration of statement.declarations as AstNode[]) found.set((declaration.name as Identifier).text, declaration);
      }
    }
    this.locals.set(source, found);
    return found;
  }

  /** What `name` means at the top level of `source`. */
  resolve(source: SourceNode, name: string, seen = new Set<string>()): Declared | null {
    const local = this.declarations(source).get(name);
    if (local) return { source, node: local };
    const { NodeKind } = this.k;
    for (const statement of source.statements) {
      if (statement.kind !== NodeKind.Import || !Array.isArray(statement.declarations)) continue;
      for (const declaration of statement.declarations as ImportDeclarationNode[]) {
        if (declaration.name.text !== name) continue;
        const target = this.sourceAt(statement.internalPath);
        return target ? this.resolveExport(target, declaration.foreignName.text, seen) : null;
      }
    }
    return null;
  }

  /** The declaration `source` exports as `name`, following re-exports. */
  resolveExport(source: SourceNode, name: string, seen = new Set<string>()): Declared | null {
    const key = `${source.internalPath}#${name}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const { NodeKind, CommonFlags } = this.k;
    const local = this.declarations(source).get(name);
    if (local && ((local.flags as number) & CommonFlags.Export!) !== 0) return { source, node: local };
    for (const statement of source.statements) {
      if (statement.kind !== NodeKind.Export) continue;
      const target = statement.internalPath ? this.sourceAt(statement.internalPath) : source;
      if (!target) continue;
      if (statement.members === null) {
        if (target === source) continue;
        const found = this.resolveExport(target, name, seen);
        if (found) return found;
        continue;
      }
      for (const member of statement.members as ExportMemberNode[]) {
        if (member.exportedName.text !== name) continue;
        return target === source ? this.resolve(source, member.localName.text, seen) : this.resolveExport(target, member.localName.text, seen);
      }
    }
    return null;
  }

  /** Every name `source` exports. */
  exportedNames(source: SourceNode, seen = new Set<SourceNode>()): string[] {
    if (seen.has(source)) return [];
    seen.add(source);
    const { NodeKind, CommonFlags } = this.k;
    const names: string[] = [];
    for (const [name, node] of this.declarations(source)) if (((node.flags as number) & CommonFlags.Export!) !== 0) names.push(name);
    for (const statement of source.statements) {
      if (statement.kind !== NodeKind.Export) continue;
      if (statement.members === null) {
        const target = this.sourceAt(statement.internalPath);
        if (target) names.push(...this.exportedNames(target, seen));
      } else {
        for (const member of statement.members as ExportMemberNode[]) names.push(member.exportedName.text);
      }
    }
    return [...new Set(names)];
  }
}
