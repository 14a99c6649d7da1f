import { connect, type Socket } from 'node:net';
import { MAS, parseMas, signOperation, toSendOperationInput, type Datastore, type Operation, type SecretKey } from '@mason/codec';
import { startDevnet, type Devnet, type DevnetOptions } from '../src/index.js';
import { compileContract } from './compileContract.js';

let nextId = 1;

export async function rpc<T = any>(url: string, method: string, params: unknown[] = []): Promise<{ result?: T; error?: { code: number; message: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
  });
  return (await response.json()) as { result?: T; error?: { code: number; message: string } };
}

export async function call<T = any>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const { result, error } = await rpc<T>(url, method, params);
  if (error) throw new Error(`${method} → ${error.code} ${error.message}`);
  return result as T;
}

export function startTestDevnet(options: Partial<DevnetOptions> = {}): Promise<Devnet> {
  return startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, ...options });
}

export async function signForDevnet(devnet: Devnet, key: SecretKey, op: Operation, fee = parseMas('0.01'), expireOffset = 9) {
  const status = await call(devnet.urls.public, 'get_status');
  return toSendOperationInput(signOperation({ fee, expirePeriod: status.last_slot.period + expireOffset, op }, key, BigInt(status.chain_id)));
}

export async function sendOp(devnet: Devnet, key: SecretKey, op: Operation, fee = parseMas('0.01'), expireOffset = 9): Promise<string> {
  const input = await signForDevnet(devnet, key, op, fee, expireOffset);
  const [id] = await call<string[]>(devnet.urls.public, 'send_operations', [[input]]);
  return id!;
}

export async function waitFinal(devnet: Devnet, id: string, timeoutMs = 10_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [info] = await call<any[]>(devnet.urls.public, 'get_operations', [[id]]);
    if (info?.is_operation_final) return info;
    if (Date.now() > deadline) throw new Error(`operation ${id} not final after ${timeoutMs} ms: ${JSON.stringify(info)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function u64le(n: bigint): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
}

/** Deploys a contract through massa-web3's deployer layout (with 1 MAS for its storage); returns its address. */
export async function deployContract(devnet: Devnet, key: SecretKey, wasm: Uint8Array): Promise<string> {
  const deployer = await compileContract('deployer', { official: true });
  const datastore: Datastore = [
    [Uint8Array.of(0), u64le(1n)],
    [u64le(1n), wasm],
    [Uint8Array.of(...u64le(1n), 1, 0, 0, 0, 1), u64le(MAS)],
  ];
  const id = await sendOp(devnet, key, { type: 'ExecuteSC', maxGas: 3_000_000_000n, maxCoins: 10n * MAS, bytecode: deployer, datastore });
  const info = await waitFinal(devnet, id);
  if (!info.op_exec_status)
    throw new Error(`deploying failed: ${JSON.stringify(await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]))}`);
  const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
  const text: string = events.map((e: { data: string }) => e.data).find((d: string) => d.startsWith('Contract deployed at address: '));
  return text.slice('Contract deployed at address: '.length);
}

/** A raw TCP connection to 127.0.0.1:port, for requests no HTTP client would send (its later errors ignored). */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.off('error', reject).on('error', () => {});
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Calls `onAnswer` with the head of each HTTP answer (a body with a content-length) as it arrives on `socket`. */
export function onHttpAnswers(socket: Socket, onAnswer: (head: string) => void): void {
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    for (;;) {
      const head = received.indexOf('\r\n\r\n');
      if (head < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(received.subarray(0, head).toString())?.[1] ?? 0);
      if (received.length < head + 4 + length) return;
      onAnswer(received.subarray(0, head).toString());
      received = received.subarray(head + 4 + length);
    }
  });
}

/** Sends a WebSocket upgrade request on a raw socket, then resets the connection at once. */
export async function sendResetUpgrade(port: number): Promise<void> {
  const socket = await openSocket(port);
  socket.write(
    'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  socket.resetAndDestroy();
}
