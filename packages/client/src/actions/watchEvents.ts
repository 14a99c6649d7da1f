import type { SCOutputEvent, Slot } from '@mason/codec';
import type { Client } from '../client.js';
import { checkAddress } from '../internal/checks.js';
import { EventWatcher } from '../internal/EventWatcher.js';
import type { AddressLike } from '../types/addressLike.js';

export type WatchEventsParams = {
  /** Events emitted by this address (the last element of the call stack). */
  address?: AddressLike;
  /** Events of executions this address started (the first element of the call stack). */
  caller?: AddressLike;
  /** Events of this operation. */
  operationId?: string;
  /** true: only events that are final; default: every event as soon as it is executed (candidate). */
  final?: boolean;
  /** true: only error events; false: only the others. */
  isError?: boolean;
  /** Report events from this slot on (inclusive), history included; default: only events executed after the call. */
  fromSlot?: Slot;
  /** Look on each new block pushed over the client's WebSocket (default: when the client has a wsUrl). */
  notifications?: boolean;
  /** Delay between looks in ms: default 1000 when polling, 2000 as a safety net with notifications. */
  pollIntervalMs?: number;
  /** A look that failed (the node is unreachable…) or an onEvent that threw; watching goes on. Default: ignored. */
  onError?: (error: unknown) => void;
};

/**
 * Calls `onEvent` once for each new smart-contract event matching the filter, in slot order,
 * until the returned function is called (no event is reported after that). Over the node's
 * WebSocket, each new block triggers a look (`get_filtered_sc_output_event` from the execution
 * cursor on); without one (no `wsUrl`, or a node that refuses the subscription) it polls.
 */
export function watchEvents(client: Client, params: WatchEventsParams, onEvent: (event: SCOutputEvent) => void): () => Promise<void> {
  const notifications = params.notifications ?? client.wsUrl !== undefined;
  const watcher = new EventWatcher(client, {
    filter: {
      ...(params.address !== undefined && { emitter_address: checkAddress('address', String(params.address)) }),
      ...(params.caller !== undefined && { original_caller_address: checkAddress('caller', String(params.caller)) }),
      ...(params.operationId !== undefined && { original_operation_id: params.operationId }),
      ...(params.isError !== undefined && { is_error: params.isError }),
    },
    final: params.final === true,
    fromSlot: params.fromSlot,
    notifications,
    pollIntervalMs: params.pollIntervalMs ?? (notifications ? 2_000 : 1_000),
    onEvent,
    onError: params.onError ?? (() => {}),
  });
  watcher.start();
  return () => watcher.stop();
}
