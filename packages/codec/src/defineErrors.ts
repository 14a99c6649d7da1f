// One error class per table of codes: every package declares its codes as data and gets its error
// class and its guard from here, instead of writing the same constructor again.
import { MasonError, formatTemplate, isMasonError, type TemplateContext, type TemplateKeys } from './MasonError.js';

/** A code's message: a `{placeholder}` template, or a function of the context when the text depends on it. */
export type ErrorTemplate = string | ((context: never) => string);

/** A package's codes (`MASON_<AREA>_<REASON>`) → their message templates. */
export type ErrorTable = { readonly [code: string]: ErrorTemplate };

export type ErrorCode<T extends ErrorTable> = keyof T & string;

/** The context of one code (of each code, for a union): the template's placeholders, or the function's parameter. */
export type ErrorContext<T extends ErrorTable, C extends ErrorCode<T> = ErrorCode<T>> = C extends unknown
  ? T[C] extends string
    ? TemplateContext<T[C]>
    : T[C] extends (context: infer X extends Readonly<Record<string, unknown>>) => string
      ? X
      : never
  : never;

/** A constructor's arguments after the code: the context (optional when the template has no placeholder), then `{ cause }`. */
export type ErrorArgs<T extends ErrorTable, C extends ErrorCode<T>> = T[C] extends string
  ? [TemplateKeys<T[C]>] extends [never]
    ? [context?: ErrorContext<T, C>, options?: ErrorOptions]
    : [context: ErrorContext<T, C>, options?: ErrorOptions]
  : [context: ErrorContext<T, C>, options?: ErrorOptions];

/** An error of a table: its `code` narrows its `context`. */
export interface CodedError<T extends ErrorTable, C extends ErrorCode<T> = ErrorCode<T>> extends MasonError<C, ErrorContext<T, C>> {}

/** The class `defineErrors` makes: `new XError('MASON_…', context, { cause })`; it can be extended. */
export interface CodedErrorClass<T extends ErrorTable> {
  new <C extends ErrorCode<T>>(code: C, ...args: ErrorArgs<T, C>): CodedError<T, C>;
  /** What `instanceof` narrows to: one of the table's codes (narrow the context with the guard and a code). */
  readonly prototype: MasonError<ErrorCode<T>>;
}

/** True for an error of the table (with `code` when given), whichever copy of the package made it. */
export type CodedErrorGuard<T extends ErrorTable> = <C extends ErrorCode<T> = ErrorCode<T>>(error: unknown, code?: C) => error is CodedError<T, C>;

export interface DefineErrorsOptions {
  /** The class's name, and every error's `name` (e.g. `CodecError`). */
  name: string;
  /** Append ` [MASON_…]` to `message` (for logs); `shortMessage` stays without it. */
  codeInMessage?: boolean;
}

const has = (table: ErrorTable, code: string): boolean => Object.hasOwn(table, code);

/**
 * Makes a package's error class and guard from its table. `docsPage` is the page of docs/ that has
 * a section per code (the code in lower case), which every error links to in `docs`.
 *
 * The guard checks the MasonError brand and that the code is one of the table's, not `instanceof`:
 * it recognises errors made by another copy of the package too.
 */
export function defineErrors<const T extends ErrorTable>(
  table: T,
  docsPage: string,
  options: DefineErrorsOptions,
): { Error: CodedErrorClass<T>; is: CodedErrorGuard<T> } {
  const { name, codeInMessage = false } = options;

  class Coded extends MasonError {
    constructor(code: string, context: Readonly<Record<string, unknown>> = {}, init?: ErrorOptions) {
      if (!has(table, code)) throw new TypeError(`${name}: unknown error code ${code}`);
      const template = table[code]!;
      const shortMessage = typeof template === 'function' ? template(context as never) : formatTemplate(template, context);
      super(code, shortMessage, { context, docsPage, cause: init?.cause, message: codeInMessage ? `${shortMessage} [${code}]` : shortMessage });
      this.name = name;
    }
  }
  Object.defineProperty(Coded, 'name', { value: name });

  const is = (error: unknown, code?: string): boolean => isMasonError(error) && has(table, error.code) && (code === undefined || error.code === code);
  return { Error: Coded as unknown as CodedErrorClass<T>, is: is as CodedErrorGuard<T> };
}
