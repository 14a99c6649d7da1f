// A hand-written JSON-RPC server, ONLY for the client tests a real devnet cannot produce. Every
// other client test runs against @mason/devnet (see test/devnet.ts). What only this server does:
// - transport faults: HTTP error statuses (503, 502) without a JSON-RPC body, requests left hanging
//   (timeouts, aborts), connections dropped by the server, bodies that are not JSON-RPC;
// - counting retries of those faults, and node errors a devnet never sends (-32009 busy or
//   consensus error, a -32602 in the middle of a wait);
// - a WebSocket closed by the server, and a subscribe call never answered;
// - an execution cursor lagging the clock (a node executes slots ~2 s late, the devnet at once);
// - an operation id the node computes differently from the client's.
// It speaks the node's wire format (positional params, the reference's JSON shapes and error
// texts) and verifies signed operations with @mason/codec, for the calls these tests make.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo as NetAddress } from 'node:net';
import {
  CodecError,
  formatMas,
  operationContentToJson,
  type OperationInfo,
  parseMas,
  type SendOperationInput,
  type SignedOperation,
  type Slot,
  verifyOperationInput,
} from '@mason/codec';
import { type WebSocket, WebSocketServer } from 'ws';
import { addressInfoFixture, statusFixture } from './fixtures.js';

export type Port = 'public' | 'api' | 'ws';
export type Received = { port: Port; method: string; params: unknown };
export type Fault = { status: number; body?: string } | { rpc: { code: number; message: string } } | { hang: true } | { destroy: true };

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Handler = (params: unknown, port: Port) => unknown;

export type TestNodeState = {
  period: number;
  /** When set, get_status reports this execution cursor instead of one that follows `period`. */
  activeCursor: Slot | undefined;
  chainId: number;
  minimalFees: string;
  /** address → candidate balance as a MAS string (final = candidate). */
  balances: Map<string, string>;
  operations: Map<string, OperationInfo>;
};

export class TestNode {
  readonly url: string;
  readonly apiUrl: string;
  readonly wsUrl: string;
  readonly received: Received[] = [];
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
    this.state = { period: 100, activeCursor: undefined, chainId: 77, minimalFees: '0.01', balances: new Map(), operations: new Map() };
  }

  static async start(): Promise<TestNode> {
    let node: TestNode | undefined;
    const handle = (port: Port) => (req: IncomingMessage, res: ServerResponse) => void node?.onHttp(port, req, res);
    const publicServer = createServer(handle('public'));
    const apiServer = createServer(handle('api'));
    const wss = new WebSocketServer({ server: apiServer });
    await Promise.all([publicServer, apiServer].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    node = new TestNode(publicServer, apiServer, wss);
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
    let request: { id?: unknown; method?: unknown; params?: unknown };
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
    const answer = fault && 'rpc' in fault ? { jsonrpc: '2.0', id: request.id, error: fault.rpc } : this.answer(port, request.id, method, request.params);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer));
  }

  private onSocket(socket: WebSocket): void {
    socket.on('message', (data) => {
      const request = JSON.parse(data.toString()) as { id?: unknown; method?: unknown; params?: unknown };
      const method = String(request.method);
      this.received.push({ port: 'ws', method, params: request.params });
      const fault = this.#faults.get(method)?.shift();
      if (fault && 'hang' in fault) return;
      let answer: unknown;
      if (method.startsWith('subscribe_')) {
        const id = this.#nextSubscription++;
        this.#subscriptions.set(id, { socket, notification: method.slice('subscribe_'.length) });
        answer = { jsonrpc: '2.0', id: request.id, result: id };
      } else if (method.startsWith('unsubscribe_')) {
        const [id] = request.params as [number];
        answer = { jsonrpc: '2.0', id: request.id, result: this.#subscriptions.delete(id) };
      } else {
        answer = this.answer('ws', request.id, method, request.params);
      }
      socket.send(JSON.stringify(answer));
    });
    socket.on('close', () => {
      for (const [id, sub] of this.#subscriptions) if (sub.socket === socket) this.#subscriptions.delete(id);
    });
  }

  private answer(port: Port, id: unknown, method: string, params: unknown): unknown {
    try {
      const handler = this.#overrides.get(method) ?? this.defaultHandler(port, method);
      if (!handler) throw new RpcFailure(-32601, 'Method not found');
      return { jsonrpc: '2.0', id, result: handler(params, port) };
    } catch (error) {
      if (error instanceof RpcFailure) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message } };
      return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${String(error)}` } };
    }
  }

  private defaultHandler(port: Port, method: string): Handler | undefined {
    if (port !== 'public') return method === 'get_version' ? () => 'SAND.5.0' : undefined;
    const handlers: Record<string, Handler> = {
      get_status: () =>
        statusFixture({
          period: this.state.period,
          activeCursor: this.state.activeCursor,
          chainId: this.state.chainId,
          minimalFees: this.state.minimalFees,
        }),
      get_addresses: (params) =>
        (params as [string[]])[0].map((address) => {
          const balance = this.state.balances.get(address) ?? '0';
          return addressInfoFixture(address, balance, balance);
        }),
      get_operations: (params) =>
        (params as [string[]])[0].flatMap((id) => {
          const info = this.state.operations.get(id);
          return info ? [structuredClone(info)] : [];
        }),
      send_operations: (params) => (params as [SendOperationInput[]])[0].map((input) => this.pool(this.checkOperation(input))),
      node_add_to_peers_whitelist: () => null,
    };
    return handlers[method];
  }

  /** The node's `check_input_operation` (reference §3.3), first failure aborts the call. */
  private checkOperation(input: SendOperationInput): SignedOperation {
    let signed: SignedOperation;
    try {
      signed = verifyOperationInput(input, BigInt(this.state.chainId));
    } catch (error) {
      throw new RpcFailure(-32013, `Models error: ${error instanceof CodecError ? error.message : String(error)}`);
    }
    if (signed.content.expirePeriod < this.state.period) {
      throw new RpcFailure(
        -32016,
        'Inconsistency error: Operation expire_period is lower than the current period of this node. Your operation will never be included in a block.',
      );
    }
    const minimal = parseMas(this.state.minimalFees);
    if (signed.content.fee < minimal) {
      throw new RpcFailure(-32000, `Bad request: fee is too low provided: ${formatMas(signed.content.fee)} , minimal_fees required: ${this.state.minimalFees}`);
    }
    return signed;
  }

  private pool(signed: SignedOperation): string {
    if (!this.state.operations.has(signed.id)) {
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
    return signed.id;
  }
}

export function startTestNode(): Promise<TestNode> {
  return TestNode.start();
}
