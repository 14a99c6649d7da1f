/**
 * A job's end: its value, or why it has none (it threw; its worker failed, exited, passed a
 * deadline or was restarted while holding it; `cancelled`: no worker took it).
 */
export type JobOutcome<R> = { ok: true; value: R } | { ok: false; reason: string; cancelled?: true };

/** What a pool posts to its workers: state to take in, or a job to run. */
export type ToWorker<J, S> = { type: 'state'; state: S } | { type: 'run'; id: number; job: J };

/** A worker's answer to one job. */
export type FromWorker<R> = { id: number; value: R } | { id: number; failure: string };
