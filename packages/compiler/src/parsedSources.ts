/**
 * Parsed AssemblyScript sources kept across the asc programs of one thread (contracts of a build,
 * spec files of a test run).
 *
 * asc parses every file of a program anew: the standard library and the SDK (and as-pect, for a
 * spec) are ~110 files, 80–110 ms per spec once warm, nearly half of a spec's compile. A file's syntax tree
 * depends only on its path and text, and asc does not change it once parsed (it only sets each
 * source's debug-info index, reset here before every use). So a file whose path and text are those
 * of an earlier parse is handed over as that parse's tree, with the parser's bookkeeping replayed:
 * the source list, the files seen and done, and the imports it queues, in the order parsing would.
 *
 * What must hold for that, and is checked as the tree is recorded (a file failing a check is
 * parsed each time, as before):
 * - its parse reported no diagnostic;
 * - the imports read back from its tree are those the parser queried, in the same order;
 * - no comment handler was set (only transforms do that).
 * A tree is kept only once its compile succeeded. Transforms may change trees (as-pect's adds
 * members to every class), so trees are kept per flavor, one flavor per `afterParse` transform:
 * `freshSourcesTransform` is the program's only transform, and runs that flavor's transform on the
 * sources parsed for this program only. After `afterParse`, files are parsed as usual. Any failed
 * compile empties the cache.
 */
import type { Parser } from 'assemblyscript';

interface SourceNode {
  internalPath: string;
  debugInfoIndex: number;
  statements: StatementNode[];
}
interface StatementNode {
  kind: number;
  members?: unknown[] | null;
  path?: { value: string } | null;
  internalPath?: string | null;
}
interface ParserState {
  donelog: Set<string>;
  seenlog: Set<string>;
  backlog: string[];
  dependees: Map<string, { source: SourceNode; reportNode: unknown }>;
  sources: SourceNode[];
  currentSource: SourceNode | null;
  currentModuleName: string | null;
  diagnostics: unknown[];
  onComment: unknown;
}
type ParseFile = (this: ParserState, text: string | null, path: string, isEntry: boolean) => void;

/** An import or `export … from` of a file, as its parse queues it. */
interface Dependency {
  internalPath: string;
  reportNode: unknown;
  /** `export { … } from` marks the file seen at once; `import` and `export *` do not. */
  marksSeen: boolean;
}
interface ParsedFile {
  text: string;
  source: SourceNode;
  dependencies: Dependency[];
}

/** One asc program's use of the cache. */
export class ParseSession {
  /** Trees handed over from earlier parses. */
  readonly reused = new Set<SourceNode>();
  readonly recorded = new Map<string, ParsedFile>();
  afterParseDone = false;
}

export interface AstKinds {
  Import: number;
  Export: number;
  NamespaceDeclaration: number;
}

/** Kept trees, by flavor, then by parse key. */
const keptByFlavor = new Map<string, Map<string, ParsedFile>>();
let active: { session: ParseSession; kept: Map<string, ParsedFile> } | undefined;
/** Undefined until the first use; null when asc's parser is not shaped as this module expects (no cache). */
let installed: AstKinds | null | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** What the cache needs of the `assemblyscript` module (the one asc runs on). */
export interface AssemblyScriptModule {
  Parser: typeof Parser;
  /** A const enum to TypeScript: its values are read at run time. */
  NodeKind: AstKinds;
}

/**
 * Runs `compile` (one asc program, whose transforms are exactly `freshSourcesTransform(session, …)`)
 * with the trees kept for `flavor` (null: none), after any compile already running in this thread:
 * asc awaits file reads, and two programs sharing trees must not interleave.
 */
export function withParsedSources<T>(assemblyscript: AssemblyScriptModule, flavor: string | null, compile: (session: ParseSession) => Promise<T>): Promise<T> {
  install(assemblyscript.Parser, assemblyscript.NodeKind);
  const run = queue.then(async () => {
    const session = new ParseSession();
    // No flavor: every file is parsed, and no tree is kept.
    if (flavor === null) return compile(session);
    let kept = keptByFlavor.get(flavor);
    if (!kept) keptByFlavor.set(flavor, (kept = new Map()));
    active = { session, kept };
    let succeeded = false;
    try {
      const result = await compile(session);
      succeeded = true;
      return result;
    } finally {
      active = undefined;
      if (succeeded) for (const [key, file] of session.recorded) kept.set(key, file);
      else keptByFlavor.clear();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** Forgets every kept tree (tests compare against compiles without the cache). */
export function clearParsedSources(): void {
  keptByFlavor.clear();
}

/** The asc transform of a program using the cache: the flavor's `afterParse`, if any, on the sources parsed for this program. */
export function freshSourcesTransform(session: ParseSession, afterParse?: (parser: { sources: unknown[] }) => void) {
  return {
    afterParse(parser: ParserState): void {
      afterParse?.({ sources: parser.sources.filter((source) => !session.reused.has(source)) });
      session.afterParseDone = true;
    },
  };
}

function install(parser: typeof Parser, kinds: AstKinds): void {
  if (installed !== undefined) return;
  // The cache replays the parser's bookkeeping field by field: with another asc than the one it
  // was written for (0.27), every file is parsed as usual rather than a tree handed over wrongly.
  installed = parserShapeMatches(parser, kinds) ? kinds : null;
  if (!installed) return;
  const prototype = parser.prototype as unknown as { parseFile: ParseFile };
  const parseFile = prototype.parseFile;
  prototype.parseFile = function (this: ParserState, text, path, isEntry) {
    if (!active || active.session.afterParseDone || text === null || this.onComment) return parseFile.call(this, text, path, isEntry);
    const { session, kept } = active;
    const key = `${isEntry ? 'entry' : 'file'}:${path}`;
    const earlier = kept.get(key);
    if (earlier && earlier.text === text) return handOver(this, earlier, session);
    recordParse(this, parseFile, text, path, isEntry, key, session);
  };
}

function parserShapeMatches(parser: typeof Parser, kinds: AstKinds): boolean {
  const fresh = new parser() as unknown as Partial<ParserState>;
  return (
    (parser.prototype as unknown as { parseFile?: ParseFile }).parseFile?.length === 3 &&
    fresh.donelog instanceof Set &&
    fresh.seenlog instanceof Set &&
    Array.isArray(fresh.backlog) &&
    fresh.dependees instanceof Map &&
    Array.isArray(fresh.sources) &&
    Array.isArray(fresh.diagnostics) &&
    'currentSource' in fresh &&
    'currentModuleName' in fresh &&
    [kinds.Import, kinds.Export, kinds.NamespaceDeclaration].every(Number.isInteger)
  );
}

function handOver(parser: ParserState, file: ParsedFile, session: ParseSession): void {
  const { source } = file;
  if (parser.donelog.has(source.internalPath)) return;
  parser.donelog.add(source.internalPath);
  parser.seenlog.add(source.internalPath);
  source.debugInfoIndex = -1;
  parser.sources.push(source);
  parser.currentSource = source;
  parser.currentModuleName = null;
  for (const { internalPath, reportNode, marksSeen } of file.dependencies) {
    if (parser.seenlog.has(internalPath)) continue;
    parser.dependees.set(internalPath, { source, reportNode });
    parser.backlog.push(internalPath);
    if (marksSeen) parser.seenlog.add(internalPath);
  }
  session.reused.add(source);
}

function recordParse(parser: ParserState, parseFile: ParseFile, text: string, path: string, isEntry: boolean, key: string, session: ParseSession): void {
  const sourceCount = parser.sources.length;
  const diagnosticCount = parser.diagnostics.length;
  const queried: string[] = [];
  const seenlog = parser.seenlog;
  const has = seenlog.has;
  // The parser asks `seenlog.has` exactly once per import it reads: the reference to compare with.
  seenlog.has = function (this: Set<string>, value: string) {
    queried.push(value);
    return has.call(this, value);
  };
  try {
    parseFile.call(parser, text, path, isEntry);
  } finally {
    delete (seenlog as Partial<Set<string>>).has;
  }
  if (parser.sources.length !== sourceCount + 1 || parser.diagnostics.length !== diagnosticCount) return;
  const source = parser.sources[sourceCount]!;
  const dependencies = dependenciesOf(source.statements);
  if (dependencies.length !== queried.length || dependencies.some((dependency, i) => dependency.internalPath !== queried[i])) return;
  session.recorded.set(key, { text, source, dependencies });
}

function dependenciesOf(statements: readonly StatementNode[], found: Dependency[] = []): Dependency[] {
  const kinds = installed!;
  for (const statement of statements) {
    if (statement.kind === kinds.NamespaceDeclaration) {
      dependenciesOf(statement.members as StatementNode[], found);
    } else if ((statement.kind === kinds.Import || statement.kind === kinds.Export) && statement.path && statement.internalPath) {
      found.push({
        internalPath: statement.internalPath,
        reportNode: statement.path,
        marksSeen: statement.kind === kinds.Export && statement.members != null,
      });
    }
  }
  return found;
}
