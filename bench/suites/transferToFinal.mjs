import { MAS, parseMas, SecretKey, signOperation, toSendOperationInput } from '@mason/codec';
import { startDevnet } from '@mason/devnet';
import { median, rpc } from '../lib.mjs';

async function timeToFinal(devnet, key, amount) {
  const status = await rpc(devnet.urls.public, 'get_status');
  const recipient = SecretKey.generate().publicKey.address().toString();
  const signed = signOperation(
    { fee: parseMas('0.01'), expirePeriod: status.last_slot.period + 9, op: { type: 'Transaction', recipient, amount } },
    key,
    BigInt(status.chain_id),
  );
  const started = performance.now();
  await rpc(devnet.urls.public, 'send_operations', [[toSendOperationInput(signed)]]);
  for (;;) {
    const [info] = await rpc(devnet.urls.public, 'get_operations', [[signed.id]]);
    if (info?.is_operation_final) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Operation sent → final on the default devnet, against the same devnet with mainnet timing. */
export async function transferToFinal({ runs = 20, withMainnetAnchor = true } = {}) {
  const fast = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0 });
  const times = [];
  try {
    for (let i = 0; i < runs; i++) times.push(await timeToFinal(fast, fast.accounts[i % fast.accounts.length].secretKey, MAS + BigInt(i)));
  } finally {
    await fast.stop();
  }
  let anchorValue = null;
  if (withMainnetAnchor) {
    const slow = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, mainnetTiming: true });
    try {
      anchorValue = await timeToFinal(slow, slow.accounts[0].secretKey, MAS);
    } finally {
      await slow.stop();
    }
  }
  const value = median(times);
  return [
    {
      name: 'transfer → final (default devnet)',
      value,
      unit: 'ms (median)',
      anchor: 'same devnet with --mainnet-timing (one run)',
      anchorValue,
      ratio: anchorValue ? value / anchorValue : null,
      target: '≤ 1000 ms',
    },
  ];
}
