// A real JSON-RPC server speaking a Massa node's wire format, for the client's tests until the
// devnet exists: HTTP public port, HTTP + WebSocket API port, both on 127.0.0.1 port 0. It checks
// that params arrive in the node's positional shape (violations are recorded and answered with
// -32602 like jsonrpsee), answers the reference's JSON shapes and error texts, and verifies
// operations sent to it with @mason/codec.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo as NetAddress } from 'node:net';
import {
  CodecError,
  formatMas,
  isValidAddress,
  operationContentToJson,
  parseMas,
  type SignedOperation,
  verifyOperationInput,
} from '@mason/codec';
import { type WebSocket, WebSocketServer } from 'ws';
import type { OperationInfo, OperationInput } from '../src/types/operation.js';
import type { SCOutputEvent } from '../src/types/event.js';
import type { ExecuteReadOnlyResponse } from '../src/types/readOnly.js';
import type { Slot } from '../src/types/slot.js';
import {
  addressInfoFixture,
  BLOCK_ID,
  blockFixture,
  ENDORSEMENT_ID,
  readOnlyFixture,
  SENDER,
  statusFixture,
} from './fixtures.js';

export type Port = 'public' | 'api' | 'ws';
export type Received = { port: Port; method: string; params: unknown };
export type Fault =
  | { status: number; body?: string }
  | { rpc: { code: number; message: string } }
  | { hang: true }
  | { destroy: true }
  | { delayMs: number };

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

class Violation extends Error {}

type Handler = (params: unknown, port: Port) => unknown;

const INVALID_PARAMS = -32602;
const MAX_ARGUMENTS = 128;
const MAX_GAS_CALL = 4_294_167_295n;
const MAX_GAS_EXECUTE = 3_980_167_295n;

// ---- shape checks (what jsonrpsee + serde would reject) ----

function fail(message: string): never {
  throw new Violation(message);
}
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function isBytes(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
}
function isSlot(value: unknown): value is Slot {
  return isObject(value) && Number.isInteger(value.period) && Number.isInteger(value.thread);
}
function isAmountOrNull(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'string') return false;
  try {
    parseMas(value);
    return true;
  } catch {
    return false;
  }
}
function zeroArgs(params: unknown): void {
  if (!Array.isArray(params)) fail('params must be an array');
}
/** `[[item, …]]`: one positional argument that is itself a list. */
function listArg<T>(params: unknown, check: (item: unknown) => boolean, what: string): T[] {
  if (!Array.isArray(params) || params.length !== 1 || !Array.isArray(params[0])) fail(`expected [[${what}…]]`);
  const list = params[0] as unknown[];
  list.forEach((item, index) => {
    if (!check(item)) fail(`item ${index} is not a ${what}: ${JSON.stringify(item)}`);
  });
  return list as T[];
}
/** `[obj]` */
function objectArg(params: unknown, check: (value: Record<string, unknown>) => boolean, what: string): Record<string, unknown> {
  if (!Array.isArray(params) || params.length !== 1 || !isObject(params[0]) || !check(params[0])) {
    fail(`expected [${what}], got ${JSON.stringify(params)}`);
  }
  return params[0] as Record<string, unknown>;
}
function optionalObjectArg(params: unknown, check: (value: Record<string, unknown>) => boolean, what: string) {
  if (Array.isArray(params) && params.length === 0) return undefined;
  return objectArg(params, check, what);
}
function tooMany(list: unknown[]): void {
  if (list.length > MAX_ARGUMENTS) throw new RpcFailure(-32000, 'Bad request: too many arguments');
}
const onlyKeys = (value: Record<string, unknown>, keys: string[]) => Object.keys(value).every((k) => keys.includes(k));
const isAddress = (value: unknown) => typeof value === 'string' && isValidAddress(value);
const isOptionalBool = (value: unknown) => value === undefined || value === null || typeof value === 'boolean';

export type TestNodeState = {
  period: number;
  /** When set, get_status reports this execution cursor instead of one that follows `period`. */
  activeCursor: Slot | undefined;
  chainId: number;
  minimalFees: string;
  /** address → [final, candidate] balances as MAS strings. */
  balances: Map<string, [string, string]>;
  operations: Map<string, OperationInfo>;
  signed: Map<string, SignedOperation>;
  events: SCOutputEvent[];
  readOnly: (kind: 'call' | 'bytecode', request: Record<string, unknown>) => ExecuteReadOnlyResponse;
};

export class TestNode {
  readonly url: string;
  readonly apiUrl: string;
  readonly wsUrl: string;
  readonly received: Received[] = [];
  readonly violations: string[] = [];
  /** TCP connections accepted by the public port. */
  tcpConnections = 0;
  readonly state: TestNodeState;
  readonly #public: Server;
  readonly #api: Server;
  readonly #wss: WebSocketServer;
  readonly #overrides = new Map<string, Handler>();
  readonly #faults = new Map<string, Fault[]>();
  readonly #subscriptions = new Map<number, { socket: WebSocket; notification: string }>();
  #nextSubscription = 3508678639232691;

  private constructor(publicServer: Server, apiServer: Server, wss: WebSocketServer) {
    this.#public = publicServer;
    this.#api = apiServer;
    this.#wss = wss;
    const publicPort = (publicServer.address() as NetAddress).port;
    const apiPort = (apiServer.address() as NetAddress).port;
    this.url = `http://127.0.0.1:${publicPort}`;
    this.apiUrl = `http://127.0.0.1:${apiPort}`;
    this.wsUrl = `ws://127.0.0.1:${apiPort}`;
    this.state = {
      period: 100,
      activeCursor: undefined,
      chainId: 77,
      minimalFees: '0.01',
      balances: new Map([[SENDER.address, ['1000', '1000']]]),
      operations: new Map(),
      signed: new Map(),
      events: [],
      readOnly: () => readOnlyFixture({ Ok: [] }, 2_500_000),
    };
  }

  static async start(): Promise<TestNode> {
    let node: TestNode | undefined;
    const handle = (port: Port) => (req: IncomingMessage, res: ServerResponse) => void node?.onHttp(port, req, res);
    const publicServer = createServer(handle('public'));
    const apiServer = createServer(handle('api'));
    const wss = new WebSocketServer({ server: apiServer });
    await Promise.all([publicServer, apiServer].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    node = new TestNode(publicServer, apiServer, wss);
    publicServer.on('connection', () => node && node.tcpConnections++);
    wss.on('connection', (socket) => node?.onSocket(socket));
    return node;
  }

  /** Requests received for a method (all ports). */
  count(method: string): number {
    return this.received.filter((r) => r.method === method).length;
  }

  paramsOf(method: string): unknown[] {
    return this.received.filter((r) => r.method === method).map((r) => r.params);
  }

  /** Replaces the default answer of a method. */
  on(method: string, handler: Handler): void {
    this.#overrides.set(method, handler);
  }

  /** Restores the default answer of a method. */
  off(method: string): void {
    this.#overrides.delete(method);
  }

  /** The next requests for `method` meet these faults, one per request, before normal answers resume. */
  fault(method: string, ...faults: Fault[]): void {
    this.#faults.set(method, [...(this.#faults.get(method) ?? []), ...faults]);
  }

  /** Pushes a notification to every live subscription of that kind. */
  notify(notification: string, payload: unknown): number {
    let sent = 0;
    for (const [id, sub] of this.#subscriptions) {
      if (sub.notification !== notification || sub.socket.readyState !== sub.socket.OPEN) continue;
      sub.socket.send(JSON.stringify({ jsonrpc: '2.0', method: notification, params: { subscription: id, result: payload } }));
      sent++;
    }
    return sent;
  }

  get subscriptionCount(): number {
    return this.#subscriptions.size;
  }

  /** Closes every WebSocket from the server side. */
  dropWebSockets(code = 1011): void {
    for (const socket of this.#wss.clients) socket.close(code, 'test drop');
  }

  /** Updates what get_operations says about an operation the node knows. */
  setOperation(id: string, patch: Partial<Pick<OperationInfo, 'in_pool' | 'in_blocks' | 'is_operation_final' | 'op_exec_status'>>): void {
    const info = this.state.operations.get(id);
    if (!info) throw new Error(`test node does not know ${id}`);
    Object.assign(info, patch);
  }

  async close(): Promise<void> {
    for (const socket of this.#wss.clients) socket.terminate();
    await new Promise<void>((r) => this.#wss.close(() => r()));
    for (const server of [this.#public, this.#api]) {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  }

  private async onHttp(port: Port, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/json')) {
      this.violations.push(`${req.method} without application/json on ${port}`);
      res.writeHead(415).end();
      return;
    }
    let request: { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
    try {
      request = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
      return;
    }
    const method = String(request.method);
    this.received.push({ port, method, params: request.params });
    const fault = this.#faults.get(method)?.shift();
    if (fault && 'hang' in fault) return;
    if (fault && 'destroy' in fault) {
      req.socket.destroy();
      return;
    }
    if (fault && 'status' in fault) {
      res.writeHead(fault.status, { 'content-type': 'text/plain' }).end(fault.body ?? 'Service Unavailable');
      return;
    }
    if (fault && 'delayMs' in fault) await new Promise((r) => setTimeout(r, fault.delayMs));
    const answer =
      fault && 'rpc' in fault
        ? { jsonrpc: '2.0', id: request.id, error: fault.rpc }
        : await this.answer(port, request.id, method, request.params);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }

  private onSocket(socket: WebSocket): void {
    socket.on('message', async (data) => {
      let request: { id?: unknown; method?: unknown; params?: unknown };
      try {
        request = JSON.parse(data.toString());
      } catch {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
        return;
      }
      const method = String(request.method);
      this.received.push({ port: 'ws', method, params: request.params });
      const fault = this.#faults.get(method)?.shift();
      if (fault && 'hang' in fault) return;
      if (fault && 'rpc' in fault) {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: fault.rpc }));
        return;
      }
      let answer: unknown;
      if (method.startsWith('subscribe_')) {
        if (!Array.isArray(request.params)) this.violations.push(`${method}: params must be an array`);
        const id = this.#nextSubscription++;
        this.#subscriptions.set(id, { socket, notification: method.slice('subscribe_'.length) });
        answer = { jsonrpc: '2.0', id: request.id, result: id };
      } else if (method.startsWith('unsubscribe_')) {
        const params = request.params;
        if (!Array.isArray(params) || params.length !== 1 || typeof params[0] !== 'number') {
          this.violations.push(`${method}: expected [subscriptionId], got ${JSON.stringify(params)}`);
          answer = { jsonrpc: '2.0', id: request.id, error: { code: INVALID_PARAMS, message: 'Invalid params' } };
        } else {
          const existed = this.#subscriptions.delete(params[0] as number);
          answer = { jsonrpc: '2.0', id: request.id, result: existed };
        }
      } else {
        answer = await this.answer('ws', request.id, method, request.params);
      }
      socket.send(JSON.stringify(answer));
    });
    socket.on('close', () => {
      for (const [id, sub] of this.#subscriptions) if (sub.socket === socket) this.#subscriptions.delete(id);
    });
  }

  private async answer(port: Port, id: unknown, method: string, params: unknown): Promise<unknown> {
    try {
      const handler = this.#overrides.get(method) ?? this.defaultHandler(port, method);
      if (!handler) throw new RpcFailure(-32601, 'Method not found');
      return { jsonrpc: '2.0', id, result: await handler(params, port) };
    } catch (error) {
      if (error instanceof Violation) {
        this.violations.push(`${method}: ${error.message}`);
        return { jsonrpc: '2.0', id, error: { code: INVALID_PARAMS, message: 'Invalid params' } };
      }
      if (error instanceof RpcFailure) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
      return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${String(error)}` } };
    }
  }

  private defaultHandler(port: Port, method: string): Handler | undefined {
    const api: Record<string, Handler> = {
      get_version: (params) => (zeroArgs(params), 'SAND.5.0'),
      get_largest_stakers: (params) => {
        const request = optionalObjectArg(params, (v) => onlyKeys(v, ['page_request']), '{page_request?}');
        const page = request?.page_request as { limit: number; offset: number } | undefined;
        const stakers: [string, number][] = [[SENDER.address, 10]];
        return { content: stakers.slice(page?.offset ?? 0, (page?.offset ?? 0) + (page?.limit ?? 50)), total_count: 1 };
      },
      get_next_block_best_parents: (params) => (zeroArgs(params), Array.from({ length: 32 }, () => [BLOCK_ID, this.state.period])),
    };
    if (port !== 'public') return api[method];
    const handlers: Record<string, Handler> = {
      get_status: (params) => {
        zeroArgs(params);
        return statusFixture({
          period: this.state.period,
          activeCursor: this.state.activeCursor,
          chainId: this.state.chainId,
          minimalFees: this.state.minimalFees,
        });
      },
      get_cliques: (params) => (zeroArgs(params), [{ block_ids: [BLOCK_ID], fitness: 17, is_blockclique: true }]),
      get_stakers: (params) => {
        const page = optionalObjectArg(params, (v) => Number.isInteger(v.limit) && Number.isInteger(v.offset), '{limit, offset}');
        const stakers: [string, number][] = [[SENDER.address, 10]];
        return page ? stakers.slice(page.offset as number, (page.offset as number) + (page.limit as number)) : stakers;
      },
      get_addresses: (params) =>
        listArg<string>(params, isAddress, 'address').map((address) => {
          const [final, candidate] = this.state.balances.get(address) ?? ['0', '0'];
          return addressInfoFixture(address, final, candidate);
        }),
      get_addresses_datastore_keys: (params) => {
        const list = listArg<Record<string, unknown>>(
          params,
          (v) =>
            isObject(v) &&
            isAddress(v.address) &&
            isBytes(v.prefix) &&
            typeof v.is_final === 'boolean' &&
            onlyKeys(v, ['address', 'prefix', 'is_final', 'start_key', 'inclusive_start_key', 'end_key', 'inclusive_end_key', 'count']),
          'datastore keys request',
        );
        if (list.length > 50) {
          throw new RpcFailure(-32000, 'Bad request: too many arguments received. Only a maximum of 50 arguments are accepted per request');
        }
        return list.map((r) => ({ address: r.address, is_final: r.is_final, keys: [[...(r.prefix as number[]), 1]] }));
      },
      get_graph_interval: (params) => {
        objectArg(params, (v) => onlyKeys(v, ['start', 'end']), '{start?, end?}');
        return [
          {
            id: BLOCK_ID,
            is_final: true,
            is_stale: false,
            is_in_blockclique: true,
            slot: { period: 12, thread: 18 },
            creator: SENDER.address,
            parents: Array.from({ length: 32 }, () => BLOCK_ID),
          },
        ];
      },
      get_blocks: (params) =>
        listArg<string>(params, (v) => typeof v === 'string', 'block id')
          .filter((id) => id === BLOCK_ID)
          .map((id) => ({
            id,
            content: {
              is_final: true,
              is_in_blockclique: true,
              is_candidate: true,
              is_discarded: false,
              block: blockFixture({ period: 12, thread: 18 }),
            },
          })),
      get_operations: (params) => {
        const ids = listArg<string>(params, (v) => typeof v === 'string' && v.startsWith('O'), 'operation id');
        tooMany(ids);
        return ids.flatMap((id) => {
          const info = this.state.operations.get(id);
          return info ? [structuredClone(info)] : [];
        });
      },
      get_endorsements: (params) => {
        const ids = listArg<string>(params, (v) => typeof v === 'string', 'endorsement id');
        tooMany(ids);
        return ids
          .filter((id) => id === ENDORSEMENT_ID)
          .map((id) => ({
            id,
            in_pool: false,
            in_blocks: [BLOCK_ID],
            is_final: true,
            endorsement: blockFixture({ period: 12, thread: 18 }).header.content.endorsements[0],
          }));
      },
      get_filtered_sc_output_event: (params) => {
        const filter = objectArg(
          params,
          (v) =>
            onlyKeys(v, ['start', 'end', 'emitter_address', 'original_caller_address', 'original_operation_id', 'is_final', 'is_error']) &&
            (v.start === undefined || isSlot(v.start)) &&
            (v.end === undefined || isSlot(v.end)) &&
            isOptionalBool(v.is_final) &&
            isOptionalBool(v.is_error),
          'EventFilter',
        );
        return this.state.events.filter(
          (e) =>
            (filter.original_operation_id === undefined || e.context.origin_operation_id === filter.original_operation_id) &&
            (filter.is_final === undefined || filter.is_final === null || e.context.is_final === filter.is_final) &&
            (filter.is_error === undefined || filter.is_error === null || e.context.is_error === filter.is_error) &&
            (filter.emitter_address === undefined || e.context.call_stack.at(-1) === filter.emitter_address) &&
            (filter.original_caller_address === undefined || e.context.call_stack[0] === filter.original_caller_address),
        );
      },
      send_operations: (params) => {
        const inputs = listArg<OperationInput>(
          params,
          (v) =>
            isObject(v) &&
            typeof v.creator_public_key === 'string' &&
            typeof v.signature === 'string' &&
            isBytes(v.serialized_content) &&
            onlyKeys(v, ['creator_public_key', 'signature', 'serialized_content']),
          'OperationInput',
        );
        tooMany(inputs);
        const accepted = inputs.map((input) => this.checkOperation(input));
        for (const signed of accepted) this.pool(signed);
        return accepted.map((signed) => signed.id);
      },
      execute_read_only_call: (params) => {
        const calls = listArg<Record<string, unknown>>(
          params,
          (v) =>
            isObject(v) &&
            Number.isInteger(v.max_gas) &&
            isAddress(v.target_address) &&
            typeof v.target_function === 'string' &&
            isBytes(v.parameter) &&
            (v.caller_address === undefined || v.caller_address === null || isAddress(v.caller_address)) &&
            isAmountOrNull(v.coins) &&
            isAmountOrNull(v.fee) &&
            onlyKeys(v, ['max_gas', 'target_address', 'target_function', 'parameter', 'caller_address', 'coins', 'fee']),
          'ReadOnlyCall',
        );
        tooMany(calls);
        return calls.map((call) => this.state.readOnly('call', call));
      },
      execute_read_only_bytecode: (params) => {
        const executions = listArg<Record<string, unknown>>(
          params,
          (v) =>
            isObject(v) &&
            Number.isInteger(v.max_gas) &&
            isBytes(v.bytecode) &&
            (v.address === undefined || v.address === null || isAddress(v.address)) &&
            (v.operation_datastore === undefined || v.operation_datastore === null || isBytes(v.operation_datastore)) &&
            isAmountOrNull(v.fee) &&
            onlyKeys(v, ['max_gas', 'bytecode', 'address', 'operation_datastore', 'fee']),
          'ReadOnlyBytecodeExecution',
        );
        tooMany(executions);
        return executions.map((execution) => this.state.readOnly('bytecode', execution));
      },
      get_datastore_entries: (params) =>
        listArg<Record<string, unknown>>(
          params,
          (v) => isObject(v) && isAddress(v.address) && isBytes(v.key) && onlyKeys(v, ['address', 'key']),
          'DatastoreEntryInput',
        ).map((entry) => ({ final_value: null, candidate_value: (entry.key as number[]).length ? [42] : null })),
      get_addresses_bytecode: (params) => {
        const filters = listArg<Record<string, unknown>>(
          params,
          (v) => isObject(v) && isAddress(v.address) && typeof v.is_final === 'boolean' && onlyKeys(v, ['address', 'is_final']),
          'AddressFilter',
        );
        if (filters.length === 0) throw new RpcFailure(-32000, 'Bad request: no arguments specified');
        if (filters.length > MAX_ARGUMENTS) {
          throw new RpcFailure(-32000, 'Bad request: too many arguments received. Only a maximum of 128 arguments are accepted per request');
        }
        return filters.map(() => [0, 97, 115, 109]);
      },
      get_blockclique_block_by_slot: (params) => {
        if (!Array.isArray(params) || params.length !== 1 || !isSlot(params[0])) fail('expected [Slot]');
        const slot = params[0] as Slot;
        return slot.period <= this.state.period ? blockFixture(slot) : null;
      },
    };
    return handlers[method];
  }

  /** The node's `check_input_operation` (reference §3.3), first failure aborts the call. */
  private checkOperation(input: OperationInput): SignedOperation {
    let signed: SignedOperation;
    try {
      signed = verifyOperationInput(input, BigInt(this.state.chainId));
    } catch (error) {
      const reason = error instanceof CodecError ? error.message : String(error);
      throw new RpcFailure(-32013, `Models error: ${reason}`);
    }
    const { op, fee, expirePeriod } = signed.content;
    if (op.type === 'CallSC' && op.maxGas > MAX_GAS_CALL) {
      throw new RpcFailure(-32016, `Inconsistency error: Upper gas limit for CallSC operation is ${MAX_GAS_CALL}. Your operation will never be included in a block.`);
    }
    if (op.type === 'ExecuteSC' && op.maxGas > MAX_GAS_EXECUTE) {
      throw new RpcFailure(-32016, `Inconsistency error: Upper gas limit for ExecuteSC operation is ${MAX_GAS_EXECUTE}. Your operation will never be included in a block.`);
    }
    if (expirePeriod < this.state.period) {
      throw new RpcFailure(
        -32016,
        'Inconsistency error: Operation expire_period is lower than the current period of this node. Your operation will never be included in a block.',
      );
    }
    const minimal = parseMas(this.state.minimalFees);
    if (fee < minimal) {
      throw new RpcFailure(-32000, `Bad request: fee is too low provided: ${formatMas(fee)} , minimal_fees required: ${this.state.minimalFees}`);
    }
    return signed;
  }

  private pool(signed: SignedOperation): void {
    this.state.signed.set(signed.id, signed);
    if (this.state.operations.has(signed.id)) return;
    this.state.operations.set(signed.id, {
      id: signed.id,
      in_pool: true,
      in_blocks: [],
      is_operation_final: null,
      thread: signed.creator.thread(),
      op_exec_status: null,
      operation: {
        content: operationContentToJson(signed.content) as unknown as OperationInfo['operation']['content'],
        signature: signed.signature.toString(),
        content_creator_pub_key: signed.publicKey.toString(),
        content_creator_address: signed.creator.toString(),
        id: signed.id,
      },
    });
  }
}

export function startTestNode(): Promise<TestNode> {
  return TestNode.start();
}
