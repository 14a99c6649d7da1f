import type { Client } from '@mason/client';
import type { FailureLocation } from '@mason/compiler';
import pc from 'picocolors';
import { findProjectRoot } from './project.js';

/** Errors the command located in the project's source: printed under the error (see printError). */
const located = new WeakMap<object, string>();

/** The location text attached to `error` by `attachLocation`, if any. */
export function locationOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null ? located.get(error) : undefined;
}

/** Asks the node; a node without Mason's methods (any real one) or any other failure means no location. */
async function ask(client: Client, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await client.request(method, params);
  } catch {
    return undefined;
  }
}

export interface LocatedFailure {
  location: FailureLocation;
  /** `at file:line:col (contract)` and the code around it, for people. */
  text: string;
}

/**
 * Resolves a devnet's failure frames (JSON) with the build of the project the command runs in;
 * damaged maps are warned about, never fatal. The compiler is loaded only here, on a failure:
 * every command prints errors, few fail with frames.
 */
async function resolve(json: unknown): Promise<LocatedFailure | undefined> {
  if (json === undefined || json === null) return undefined;
  const root = findProjectRoot();
  if (!root) return undefined;
  try {
    const { FailureLocator, failureFramesFromJson } = await import('@mason/compiler');
    const frames = failureFramesFromJson(json);
    if (!frames) return undefined;
    const locator = new FailureLocator(root, undefined, (warning) => console.error(pc.yellow(`warning ${warning.message}`)));
    const location = locator.locate(frames);
    if (!location) return undefined;
    const [where, ...code] = locator.describe(location).split('\n');
    return { location, text: [`  ${pc.dim('at')} ${pc.bold(where ?? '')} ${pc.dim(`(${location.contract})`)}`, ...code.map((line) => `  ${line}`)].join('\n') };
  } catch (error) {
    console.error(pc.yellow(`warning the failure could not be located in the project's source: ${(error as Error).message}`));
    return undefined;
  }
}

/** Where a failed operation stopped in the project's source (a Mason devnet only). */
export async function locateOperationFailure(client: Client, operationId: string): Promise<LocatedFailure | undefined> {
  const answer = await ask(client, 'mason_get_operation_failure', [[operationId]]);
  return resolve(Array.isArray(answer) ? answer[0] : undefined);
}

/** Where a failed read-only execution (a dry run, a gas estimate, a read) with this error text stopped (a Mason devnet only). */
export async function locateReadOnlyFailure(client: Client, error: string, caller?: string): Promise<LocatedFailure | undefined> {
  return resolve(await ask(client, 'mason_get_read_only_failure', [{ error, ...(caller !== undefined && { caller }) }]));
}

/**
 * For an error about a failed execution — an operation that failed on chain (`context.operationId`
 * with `context.error`), or a failed dry run (`context.error`, its text) — finds where it stopped
 * and attaches it to `shown` (the error as the command explains it, `error` itself by default), so
 * that the command prints it under the error. Returns `shown`.
 */
export async function withFailureLocation(error: unknown, client: Client, caller?: string, shown: unknown = error): Promise<unknown> {
  const context = (error as { context?: { error?: unknown; operationId?: unknown } } | null)?.context;
  if (typeof context?.error !== 'string' || typeof shown !== 'object' || shown === null) return shown;
  const found =
    typeof context.operationId === 'string'
      ? await locateOperationFailure(client, context.operationId)
      : await locateReadOnlyFailure(client, context.error, caller);
  if (found) located.set(shown, found.text);
  return shown;
}
