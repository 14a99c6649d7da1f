import { compareSlots, operationSummary, operationTargets, operationType, slotTimestamp, type OperationType } from './format.js';
import type { JsonRpcHttp } from './rpc.js';
import type {
  AddressInfo,
  BlockInfo,
  DeferredCallEntry,
  DeferredCallsPage,
  FilledBlock,
  GraphBlock,
  OperationInfo,
  OperationsPage,
  ScEvent,
  SecureShareOperation,
  Slot,
  Status,
} from './types.js';

/** How much the page keeps: the latest periods that hold blocks, operations (more once older pages are read), addresses. */
export const MAX_PERIODS = 32;
export const MAX_OPERATIONS = 200;
/** Deferred calls listed, earliest first. */
const DEFERRED_CALLS_SHOWN = 100;
/** Operations read per page of the history (`mason_list_operations`). */
export const OPERATIONS_PAGE = 50;
export const MAX_ADDRESSES = 40;
/** get_operations takes at most 128 ids (max_arguments). */
const MAX_ARGUMENTS = 128;

export interface BlockView {
  id: string;
  slot: Slot;
  creator: string;
  parents: string[];
  isFinal: boolean;
  isStale: boolean;
  inBlockclique: boolean;
  /** Known when the block came through a subscription or was read with get_blocks. */
  operations: string[] | null;
}

/** pool → candidate (in a block, executed) → final; `forgotten`: the node dropped it from its pool unexecuted. */
export type OperationStatus = 'pool' | 'candidate' | 'final' | 'forgotten';

export interface OperationView {
  id: string;
  type: OperationType;
  sender: string;
  summary: string;
  targets: string[];
  fee: string;
  expirePeriod: number;
  status: OperationStatus;
  /** op_exec_status: null until executed. */
  success: boolean | null;
  inBlocks: string[];
  /** The status its events were last read at. */
  eventsReadAt: OperationStatus | null;
}

/**
 * What the page knows of the chain, kept small (the latest periods, operations and addresses)
 * and brought up to date from the node's public methods whenever a subscription says something
 * happened. Finality has no notification: it is read back with get_graph_interval and
 * get_operations for whatever is not final yet.
 */
export class Chain {
  status: Status | null = null;
  readonly blocks = new Map<string, BlockView>();
  readonly operations = new Map<string, OperationView>();
  readonly events = new Map<string, ScEvent[]>();
  readonly addresses = new Map<string, AddressInfo | null>();
  /** The cursor of the next older page of the operation history, or null when it was all read. */
  olderOperations: string | null = null;
  /** How many operations the node knows in all. */
  totalOperations = 0;
  /** The registered deferred calls, earliest slot first (`mason_list_deferred_calls`). */
  deferredCalls: DeferredCallEntry[] = [];
  totalDeferredCalls = 0;
  readonly #dirtyAddresses = new Set<string>();
  #operationLimit = MAX_OPERATIONS;
  /** The devnet's count of state-control writes at the last refresh (get_status' Mason extension). */
  #stateWrites: number | undefined;

  constructor(
    private readonly publicApi: JsonRpcHttp,
    private readonly apiPort: JsonRpcHttp,
  ) {}

  // ------------------------------------------------------------ notifications

  addFilledBlock(filled: FilledBlock): void {
    const { header } = filled;
    const known = this.blocks.get(header.id);
    this.blocks.set(header.id, {
      id: header.id,
      slot: header.content.slot,
      creator: header.content_creator_address,
      parents: header.content.parents,
      isFinal: known?.isFinal ?? false,
      isStale: known?.isStale ?? false,
      inBlockclique: known?.inBlockclique ?? true,
      operations: filled.operations.map(([id]) => id),
    });
    for (const [id, operation] of filled.operations) {
      if (operation) this.addOperation(operation);
      const view = this.operations.get(id);
      if (view && view.status === 'pool') view.status = 'candidate';
      if (view && !view.inBlocks.includes(header.id)) view.inBlocks.push(header.id);
    }
    this.#prune();
  }

  /** `recent`: an operation that just happened, whose addresses move to the top of the list. */
  addOperation(operation: SecureShareOperation, recent = true): void {
    if (this.operations.has(operation.id)) return;
    const { op } = operation.content;
    this.operations.set(operation.id, {
      id: operation.id,
      type: operationType(op),
      sender: operation.content_creator_address,
      summary: operationSummary(op),
      targets: operationTargets(op),
      fee: operation.content.fee,
      expirePeriod: operation.content.expire_period,
      status: 'pool',
      success: null,
      inBlocks: [],
      eventsReadAt: null,
    });
    if (recent) this.#touch(operation.content_creator_address, ...operationTargets(op));
    this.#pruneLists();
  }

  // ------------------------------------------------------------ reading the node

  /** Reads everything again: at start and after a reconnection, when notifications may have been missed. */
  async load(): Promise<void> {
    // The node may have restarted on another chain: nothing read before is kept.
    this.blocks.clear();
    this.operations.clear();
    this.events.clear();
    this.addresses.clear();
    this.#dirtyAddresses.clear();
    const status = await this.publicApi.call<Status>('get_status', []);
    this.status = status;
    this.#noticeStateWrites();
    const best = await this.apiPort.call<Array<[string, number]>>('get_next_block_best_parents', []);
    const latest = Math.max(0, ...best.map(([, period]) => period));
    const from = { period: Math.max(0, latest - MAX_PERIODS + 1), thread: 0 };
    this.#applyGraph(await this.publicApi.call<GraphBlock[]>('get_graph_interval', [{ start: slotTimestamp(from, status.config) }]));
    this.#prune();
    // The graph's latest blocks say which of them hold operations.
    const recent = [...this.blocks.values()].sort((a, b) => compareSlots(a.slot, b.slot)).slice(-64);
    const infos = recent.length > 0 ? await this.publicApi.call<BlockInfo[]>('get_blocks', [recent.map((b) => b.id)]) : [];
    for (const info of infos) {
      const view = this.blocks.get(info.id);
      if (view) view.operations = info.content?.block.operations ?? [];
    }
    // The newest operations of the whole history, however old (the devnet keeps an index of them).
    this.#operationLimit = MAX_OPERATIONS;
    const page = await this.apiPort.call<OperationsPage>('mason_list_operations', [{ limit: OPERATIONS_PAGE }]);
    this.#takePage(page, true);
    await this.#readEvents();
    await this.#readAddresses([...this.addresses.keys()]);
    await this.#readDeferredCalls();
  }

  async #readDeferredCalls(): Promise<void> {
    const page = await this.apiPort.call<DeferredCallsPage>('mason_list_deferred_calls', [{ limit: DEFERRED_CALLS_SHOWN }]);
    this.deferredCalls = page.calls;
    this.totalDeferredCalls = page.total_count;
  }

  /** Reads the next older page of the operation history (newest first); they go below those shown. */
  async loadOlderOperations(): Promise<void> {
    if (this.olderOperations === null) return;
    const page = await this.apiPort.call<OperationsPage>('mason_list_operations', [{ limit: OPERATIONS_PAGE, before: this.olderOperations }]);
    this.#operationLimit = Math.max(this.#operationLimit, this.operations.size + page.operations.length);
    const shown = [...this.operations];
    this.operations.clear();
    this.#takePage(page, false);
    for (const [id, view] of shown) this.operations.set(id, view);
    await this.#readEvents();
  }

  /** Adds a page (newest first) oldest first, so that the list stays newest last. */
  #takePage(page: OperationsPage, recent: boolean): void {
    for (const info of [...page.operations].reverse()) {
      this.addOperation(info.operation, recent);
      this.#applyOperation(this.operations.get(info.id)!, info, recent);
    }
    this.olderOperations = page.next;
    this.totalOperations = page.total_count;
  }

  /** Brings what is not final yet up to date. */
  async refresh(): Promise<void> {
    this.status = await this.publicApi.call<Status>('get_status', []);
    this.#noticeStateWrites();
    await this.#refreshGraph();
    await this.#refreshOperations();
    await this.#readEvents();
    const dirty = [...this.#dirtyAddresses];
    this.#dirtyAddresses.clear();
    await this.#readAddresses(dirty);
    await this.#readDeferredCalls();
  }

  async #refreshGraph(): Promise<void> {
    if (!this.status || this.blocks.size === 0) return;
    const pending = [...this.blocks.values()].filter((b) => !b.isFinal && !b.isStale);
    const newest = [...this.blocks.values()].reduce((a, b) => (compareSlots(a.slot, b.slot) >= 0 ? a : b));
    const from = pending.length > 0 ? pending.reduce((a, b) => (compareSlots(a.slot, b.slot) <= 0 ? a : b)).slot : newest.slot;
    this.#applyGraph(await this.publicApi.call<GraphBlock[]>('get_graph_interval', [{ start: slotTimestamp(from, this.status.config) }]));
    this.#prune();
  }

  #applyGraph(graph: GraphBlock[]): void {
    for (const block of graph) {
      const known = this.blocks.get(block.id);
      this.blocks.set(block.id, {
        id: block.id,
        slot: block.slot,
        creator: block.creator,
        parents: block.parents,
        isFinal: block.is_final,
        isStale: block.is_stale,
        inBlockclique: block.is_in_blockclique,
        operations: known?.operations ?? null,
      });
    }
  }

  async #readOperations(ids: string[]): Promise<OperationInfo[]> {
    const out: OperationInfo[] = [];
    for (let i = 0; i < ids.length; i += MAX_ARGUMENTS) {
      out.push(...(await this.publicApi.call<OperationInfo[]>('get_operations', [ids.slice(i, i + MAX_ARGUMENTS)])));
    }
    return out;
  }

  async #refreshOperations(): Promise<void> {
    const open = [...this.operations.values()].filter((op) => op.status === 'pool' || op.status === 'candidate');
    const infos = new Map((await this.#readOperations(open.map((op) => op.id))).map((info) => [info.id, info]));
    for (const view of open) {
      const info = infos.get(view.id);
      if (info) this.#applyOperation(view, info);
      // The node forgets an operation its pool dropped without executing it (it expired).
      else if (view.inBlocks.length === 0) view.status = 'forgotten';
    }
  }

  #applyOperation(view: OperationView, info: OperationInfo, touch = true): void {
    const status: OperationStatus = info.is_operation_final ? 'final' : info.in_blocks.length > 0 ? 'candidate' : 'pool';
    if (touch && status !== view.status) this.#touch(view.sender, ...view.targets);
    view.status = status;
    view.success = info.op_exec_status;
    view.inBlocks = info.in_blocks;
  }

  /** Events of operations that were executed or became final since their events were last read. */
  async #readEvents(): Promise<void> {
    const due = [...this.operations.values()].filter((op) => op.status !== 'pool' && op.status !== 'forgotten' && op.eventsReadAt !== op.status);
    if (due.length === 0) return;
    const lists = await this.publicApi.batch<ScEvent[]>(
      'get_filtered_sc_output_event',
      due.map((op) => [{ original_operation_id: op.id }]),
    );
    due.forEach((op, i) => {
      const events = lists[i]!;
      op.eventsReadAt = op.status;
      if (events.length > 0) this.events.set(op.id, events);
      for (const event of events) this.#touch(...event.context.call_stack);
    });
  }

  async #readAddresses(addresses: string[]): Promise<void> {
    const wanted = addresses.filter((a) => this.addresses.has(a)).slice(-MAX_ADDRESSES);
    if (wanted.length === 0) return;
    const infos = await this.publicApi.call<AddressInfo[]>('get_addresses', [wanted]);
    for (const info of infos) if (this.addresses.has(info.address)) this.addresses.set(info.address, info);
  }

  /** A state-control write (mason_set_balance…) changes addresses without a block: every address kept is read again. */
  #noticeStateWrites(): void {
    const writes = (this.status as { mason?: { state_writes?: number } } | null)?.mason?.state_writes;
    if (this.#stateWrites !== undefined && writes !== this.#stateWrites) for (const address of this.addresses.keys()) this.#dirtyAddresses.add(address);
    this.#stateWrites = writes;
  }

  /** Moves addresses to the front of the list (most recent last) and marks them for re-reading. */
  #touch(...addresses: string[]): void {
    for (const address of addresses) {
      const info = this.addresses.get(address) ?? null;
      this.addresses.delete(address);
      this.addresses.set(address, info);
      this.#dirtyAddresses.add(address);
    }
  }

  #prune(): void {
    const periods = [...new Set([...this.blocks.values()].map((b) => b.slot.period))].sort((a, b) => b - a);
    const oldest = periods[MAX_PERIODS - 1];
    if (oldest !== undefined) for (const [id, block] of this.blocks) if (block.slot.period < oldest) this.blocks.delete(id);
    this.#pruneLists();
  }

  /** Forgets the oldest operations (with their events) and addresses beyond what the page keeps. */
  #pruneLists(): void {
    for (const id of this.operations.keys()) {
      if (this.operations.size <= this.#operationLimit) break;
      this.operations.delete(id);
      this.events.delete(id);
    }
    for (const address of this.addresses.keys()) {
      if (this.addresses.size <= MAX_ADDRESSES) break;
      this.addresses.delete(address);
      this.#dirtyAddresses.delete(address);
    }
  }
}
