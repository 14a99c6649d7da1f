// A CallSC's arguments and result as values, decoded in the page by the target's ABI when the
// devnet has one (`mason deploy` registers it): the same decoding as `mason op` and `mason trace`.
import type { ExecutionTrace } from '@mason/codec';
import { decodeAbiCall, type Abi, type AbiJsValue } from '@mason/codec/base';
import { h, type Child } from '../dom.js';
import type { JsonRpcHttp } from '../rpc.js';
import type { OperationInfo } from '../types.js';

export interface DecodedCallView {
  contract: string;
  args: Array<{ name: string; value: string }> | null;
  returned: string | null;
}

// The codec's own hex helpers use Node's Buffer, which a browser does not have.
const toHex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

function text(value: AbiJsValue): string {
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return `0x${toHex(value)}`;
  return JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? item.toString() : item instanceof Uint8Array ? `0x${toHex(item)}` : item));
}

/**
 * Null when the operation is no CallSC or its target's ABI is unknown (a Massa node keeps none).
 * The result comes from the operation's trace, which the details view has already read.
 */
export async function loadDecodedCall(api: JsonRpcHttp, info: OperationInfo | undefined, trace: ExecutionTrace | null): Promise<DecodedCallView | null> {
  const op = info?.operation.content.op;
  if (!info || !op || !('CallSC' in op)) return null;
  const { target_addr: target, target_func: name, param } = op.CallSC;
  const [abi] = await api.call<Array<Abi | null>>('mason_get_abis', [[target]]).catch(() => [null]);
  if (!abi?.functions.some((candidate) => candidate.name === name)) return null;
  const returned = info.op_exec_status === true ? trace?.root?.returned : undefined;
  const bytes = returned && !returned.truncated ? fromHex(returned.hex) : undefined;
  const call = decodeAbiCall(abi, name, Uint8Array.from(param), bytes);
  const args = call?.args?.map(({ param: p, value }, index) => ({ name: p.name ?? `arg${index + 1}`, value: text(value) })) ?? null;
  return { contract: abi.contract, args, returned: call && call.returned !== null ? text(call.returned as AbiJsValue) : null };
}

/** The rows of the operation view: `call transfer(to: AU…, amount: 250)` and `returned 250`. */
export function decodedCallFields(call: DecodedCallView | null, field: (name: string, ...value: Child[]) => Child): Child[] {
  if (!call) return [];
  const rows: Child[] = [];
  if (call.args) {
    rows.push(
      field(
        'arguments',
        h(
          'ul',
          { class: 'ids', 'data-decoded': 'args' },
          call.args.map((arg) => h('li', { 'data-arg': arg.name }, h('span', { class: 'muted' }, `${arg.name}: `), h('code', null, arg.value))),
        ),
      ),
    );
  }
  if (call.returned !== null) rows.push(field('returned', h('code', { 'data-decoded': 'returned' }, call.returned)));
  return rows;
}
