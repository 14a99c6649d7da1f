/**
 * The base of every error a Mason package throws on purpose. Each package keeps a table of stable
 * codes (`MASON_<AREA>_<REASON>`) mapping to a message template; its error class extends this one,
 * so a caller handles them all alike: `isMasonError(error, 'MASON_DEPLOY_TIMEOUT')`.
 */

/** Where the docs live; every error's `docs` is an absolute URL below it (it works wherever Mason runs). */
export const DOCS_BASE_URL = 'https://github.com/mason-dev/mason/blob/main/docs/';

/** Recognises a MasonError even when two copies of @mason/codec are loaded (instanceof would not). */
const BRAND = Symbol.for('@mason/codec/MasonError');

/** The names between braces in a message template: `'{dir} is {what}'` → `'dir' | 'what'`. */
export type TemplateKeys<T extends string> = T extends `${string}{${infer Key}}${infer Rest}` ? WordOnly<Key> | TemplateKeys<Rest> : never;

/** Braces around anything but a word (`{ reset: true }` in a hint) are text, not a placeholder. */
type WordOnly<K extends string> = K extends '' | `${string}${' ' | ':' | '"' | ',' | '.' | '(' | ')' | '[' | ']' | '{' | '-' | '…'}${string}` ? never : K;

/** The context a template needs: one value per placeholder; other fields may ride along. */
export type TemplateContext<T extends string> = { readonly [K in TemplateKeys<T>]: unknown } & Readonly<Record<string, unknown>>;

/** A constructor's context parameter: required when the template has placeholders, optional otherwise. */
export type ContextArgs<T extends string> = [TemplateKeys<T>] extends [never] ? [context?: TemplateContext<T>] : [context: TemplateContext<T>];

/** Fills `{name}` placeholders from `context`; a placeholder without a value stays as it is. */
export function formatTemplate(template: string, context: Readonly<Record<string, unknown>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (context[key] !== undefined && context[key] !== null ? String(context[key]) : whole));
}

/** The absolute URL of a code's section in a docs page: `docsUrl('cli.md', 'MASON_CLI_BAD_ARGS')`. */
export function docsUrl(page: string, code: string): string {
  return `${DOCS_BASE_URL}${page}#${code.toLowerCase()}`;
}

export interface MasonErrorInit<Context> {
  context: Context;
  /** The docs page explaining the code, relative to docs/ (e.g. `cli.md`); its section is the code in lower case. */
  docsPage: string;
  cause?: unknown;
  /** The full message when it differs from `shortMessage` (e.g. with the code appended). */
  message?: string;
}

export class MasonError<Code extends string = string, Context extends object = Readonly<Record<string, unknown>>> extends Error {
  override name = 'MasonError';
  /** The stable code, `MASON_<AREA>_<REASON>`. */
  readonly code: Code;
  /** The values the message was made of, for programs (no need to parse the text). */
  readonly context: Context;
  /** What happened and what to do, without decoration (no code, no URL). */
  readonly shortMessage: string;
  /** Absolute URL of the section of the docs that explains this code. */
  readonly docs: string;

  constructor(code: Code, shortMessage: string, init: MasonErrorInit<Context>) {
    super(init.message ?? shortMessage, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = code;
    this.context = init.context;
    this.shortMessage = shortMessage;
    this.docs = docsUrl(init.docsPage, code);
  }

  /** @internal */
  get [BRAND](): true {
    return true;
  }
}

/** True for any Mason error (of any package), or only for the one with `code` when given. */
export function isMasonError<Code extends string = string>(error: unknown, code?: Code): error is MasonError<Code> {
  if (typeof error !== 'object' || error === null || (error as Record<symbol, unknown>)[BRAND] !== true) return false;
  return code === undefined || (error as MasonError).code === code;
}
