// Run by finalityFaults.test.ts inside a user + mount namespace (`unshare -rm`), with a tiny tmpfs
// mounted at argv[2]: a real disk that fills up. Streams transfers into a devnet whose data
// directory is on it until finality stops, stops it, grows the tmpfs, restarts on the same
// directory and prints what it found as one JSON line. Uses the built package (dist/).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { startDevnet } from '../dist/index.js';
import { nodeOf } from '../dist/internal.js';

const mount = process.argv[2];
const dataDir = join(mount, 'chain');
const logged = [];
const ports = { publicPort: 0, privatePort: 0, apiPort: 0, log: (m) => logged.push(m) };
const call = async (url, method, params = []) =>
  await (
    await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  ).json();
const recipient = SecretKey.generate().publicKey.address().toString();

const devnet = await startDevnet({ ...ports, dataDir });
const url = devnet.urls.public;
const amounts = new Map();
const reported = new Map();
let refusal = null;
await Promise.all(
  devnet.accounts.slice(0, 6).map(async (account, s) => {
    for (let i = 0; i < 50 && !refusal; i++) {
      const status = (await call(url, 'get_status')).result;
      const amount = MAS + BigInt(s * 100 + i);
      const op = { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction', recipient, amount } };
      const sent = await call(url, 'send_operations', [[toSendOperationInput(signOperation(op, account.secretKey, BigInt(status.chain_id)))]]);
      if (sent.error) return void (refusal = sent.error);
      const id = sent.result[0];
      amounts.set(id, amount);
      while (!nodeOf(devnet).halted) {
        const [info] = (await call(url, 'get_operations', [[id]])).result;
        if (info?.is_operation_final) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  }),
);
for (const info of (await call(url, 'get_operations', [[...amounts.keys()]])).result) if (info.is_operation_final) reported.set(info.id, info.op_exec_status);
await devnet.stop();

execFileSync('mount', ['-o', 'remount,size=16m', mount]);
const again = await startDevnet({ ...ports, dataDir });
const ids = [...reported.keys()];
const infos = (await call(again.urls.public, 'get_operations', [ids])).result;
const lost = ids.filter((id) => !infos.some((info) => info.id === id && info.is_operation_final && info.op_exec_status === reported.get(id)));
const [r] = (await call(again.urls.public, 'get_addresses', [[recipient]])).result;
const expected = ids.reduce((total, id) => total + amounts.get(id), 0n) - parseMas('0.001');
await again.stop();
console.log(
  JSON.stringify({ sent: amounts.size, reportedFinal: ids.length, lost: lost.length, balanceExact: parseMas(r.final_balance) === expected, refusal, logged }),
);
