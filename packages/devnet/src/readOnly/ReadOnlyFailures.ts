import { FAILURE_FIELD, type ReadOnlyResponse } from './readOnlyJob.js';

interface Entry {
  caller: string | undefined;
  error: string;
  frames: Record<string, unknown>;
}

/**
 * The latest read-only failures that stopped in wasm code, kept so that a tool that got one of
 * them (a dry run, a gas estimate, `mason read`) can ask where it happened
 * (`mason_get_read_only_failure`) while the node's own answer keeps the node's shape.
 */
export class ReadOnlyFailures {
  private readonly entries: Entry[] = [];

  constructor(private readonly capacity = 64) {}

  /** Takes Mason's field out of `response` (remembering it) and returns the node's answer. */
  take(response: ReadOnlyResponse, caller: string | undefined): ReadOnlyResponse {
    if (!(FAILURE_FIELD in response)) return response;
    const { [FAILURE_FIELD]: frames, ...answer } = response;
    const result = answer.result as { Error?: unknown } | undefined;
    if (typeof result?.Error === 'string' && typeof frames === 'object' && frames !== null) {
      this.entries.push({ caller, error: result.Error, frames: frames as Record<string, unknown> });
      if (this.entries.length > this.capacity) this.entries.shift();
    }
    return answer;
  }

  /**
   * The frames of the latest failure whose error text is `error` (or is contained in it, as a tool
   * may add its own words) for `caller` (any caller when not given), or null.
   */
  find(error: string, caller: string | undefined): Record<string, unknown> | null {
    for (let i = this.entries.length - 1; i >= 0; i--) {
      const entry = this.entries[i]!;
      if (caller !== undefined && entry.caller !== undefined && entry.caller !== caller) continue;
      if (entry.error === error || error.includes(entry.error)) return entry.frames;
    }
    return null;
  }
}
