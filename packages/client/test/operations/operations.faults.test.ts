import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECIPIENT, SENDER } from '../fixtures.js';
import { startTestNode, type TestNode } from '../testNode.js';
import { Account } from '../../src/account/Account.js';
import type { Client } from '../../src/client.js';
import { createClient } from '../../src/createClient.js';
import { transfer } from '../../src/operations/transfer.js';

// A node answering send_operations with another id than the one the client computed: a devnet
// computes ids exactly as the client does, so this needs the hand-written server (test/testNode.ts).
// The helpers themselves are tested on the devnet in operations.test.ts.

let node: TestNode;
let client: Client;

beforeAll(async () => {
  node = await startTestNode();
  node.state.balances.set(SENDER.address, '1000');
  client = createClient({ url: node.url, retry: false });
});
afterAll(async () => {
  await client.close();
  await node.close();
});

describe('checks after sending', () => {
  it('an id the node computed differently is reported', async () => {
    node.on('send_operations', () => ['O1somethingElse']);
    try {
      await expect(transfer(client, Account.fromSecretKey(SENDER.secret), { to: RECIPIENT.address, amount: 1n })).rejects.toMatchObject({
        code: 'MASON_CLIENT_OPERATION_REJECTED',
        context: { received: 'O1somethingElse' },
      });
    } finally {
      node.off('send_operations');
    }
  });
});
