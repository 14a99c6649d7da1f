import type { Client } from '@mason/client';
import { FailureLocator, failureFramesFromJson, formatPosition } from '@mason/compiler';
import type { SourcePosition } from '@mason/wasm';

/**
 * Where the fixture's failures happened in the project's source: the devnet says which module
 * failed and at which offsets (Mason's `mason_get_operation_failure` / `mason_get_read_only_failure`),
 * the project's build maps them to `file:line:column`.
 */
export class FailureLocations {
  private readonly locator: FailureLocator;

  constructor(
    root: string,
    outDir: string,
    private readonly client: Client,
  ) {
    // A damaged map only costs the location: a test's failure must stay the test's own.
    this.locator = new FailureLocator(root, outDir, (warning) => console.warn(`warning ${warning.message}`));
  }

  /** `file:line:column` of a failed operation, if it failed in the project's code. */
  async operation(operationId: string): Promise<string | undefined> {
    const position = await this.operationPosition(operationId);
    return position && formatPosition(position);
  }

  /** Where a failed operation stopped in the project's code, if it did. */
  async operationPosition(operationId: string): Promise<SourcePosition | undefined> {
    const answer = await this.ask('mason_get_operation_failure', [[operationId]]);
    const frames = failureFramesFromJson(Array.isArray(answer) ? answer[0] : undefined);
    return (frames && this.locator.locate(frames)) || undefined;
  }

  /** `error` with the location of the operation it is about (see withLocation). */
  async ofOperation<E>(error: E, operationId: string): Promise<E> {
    return withLocation(error, await this.operation(operationId));
  }

  /** `error` (a failed read or gas estimate, its text in `context.error`) with the location of that read-only failure. */
  async ofReadOnly<E>(error: E, caller: string | undefined): Promise<E> {
    const text = (error as { context?: { error?: unknown } } | null)?.context?.error;
    if (typeof text !== 'string') return error;
    const answer = await this.ask('mason_get_read_only_failure', [{ error: text, ...(caller !== undefined && { caller }) }]);
    return withLocation(error, this.locate(answer));
  }

  private async ask(method: string, params: unknown[]): Promise<unknown> {
    try {
      return await this.client.request(method, params);
    } catch {
      return undefined;
    }
  }

  private locate(json: unknown): string | undefined {
    const frames = failureFramesFromJson(json);
    const location = frames && this.locator.locate(frames);
    return location ? formatPosition(location) : undefined;
  }
}

/** Sets `location` on the error and adds `at <location>` to its message, so that a test report shows it. */
function withLocation<E>(error: E, location: string | undefined): E {
  if (location === undefined || !(error instanceof Error)) return error;
  Object.assign(error, { location });
  error.message += `\n    at ${location}`;
  return error;
}
