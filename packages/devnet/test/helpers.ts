import { parseMas, signOperation, toSendOperationInput, type Operation, type SecretKey } from '@mason/codec';
import { startDevnet, type Devnet, type DevnetOptions } from '../src/index.js';

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
