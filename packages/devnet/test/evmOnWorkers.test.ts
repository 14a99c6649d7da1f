import { Address, blake3 } from '@mason/codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Devnet } from '../src/index.js';
import { compileContract } from './compileContract.js';
import { call, sendOp, startTestDevnet, waitFinal } from './helpers.js';

// The VM loads secp256k1 at the first EVM host call; the worker bundles inline that load as a
// bundled require. Both workers run the EVM functions (massa-as-sdk's vm-mock vectors).

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const SIGNATURE = hex('1617966ef37eaff4312132243df65cfb66ccda057e996b586f910d6eb422787453b0a8465be9716493650d6706bc84efe85a5d76a0111c89d0cdf8ba57e510571c');
const PUBLIC_KEY = hex('ae04a0fb4545138d22ed46eee76e683c50412ffb8cb02ee8fa5a5c8eec35f72dc076cb1b7468f8cacf136a7e0609b31ed580746d8efc659a993ccd695d6387ff');
const DIGEST = hex('a1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2');
/** The last 20 bytes of keccak256(PUBLIC_KEY). */
const ETH_ADDRESS = '5c7dfd013f302656a28d2fc357c80bd8275df6ae';

let devnet: Devnet;
let evm: string;

beforeAll(async () => {
  const bytecode = await compileContract('evm');
  evm = Address.fromHash('contract', blake3(bytecode)).toString();
  devnet = await startTestDevnet({ instant: true, execution: 'workers', initialLedger: { [evm]: { balance: '10', bytecode: Array.from(bytecode) } } });
}, 60_000);
afterAll(() => devnet?.stop());

describe('EVM host functions on the worker threads', () => {
  it('run in a block on the execution worker', async () => {
    const id = await sendOp(devnet, devnet.accounts[0]!.secretKey, {
      type: 'CallSC',
      maxGas: 100_000_000n,
      coins: 0n,
      target: evm,
      func: 'address',
      param: PUBLIC_KEY,
    });
    expect((await waitFinal(devnet, id)).op_exec_status).toBe(true);
    const events = await call(devnet.urls.public, 'get_filtered_sc_output_event', [{ original_operation_id: id }]);
    expect(events.map((e: { data: string }) => e.data)).toEqual([ETH_ADDRESS]);
  });

  it('run in a read-only call on the read-only worker', async () => {
    const [result] = await call(devnet.urls.public, 'execute_read_only_call', [
      [
        {
          max_gas: 100_000_000,
          target_address: evm,
          target_function: 'recover',
          parameter: [...DIGEST, ...SIGNATURE],
          caller_address: null,
          coins: null,
          fee: null,
        },
      ],
    ]);
    expect(result.result).toEqual({ Ok: [4, ...PUBLIC_KEY] });
  });
});
