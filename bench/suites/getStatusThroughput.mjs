import { createServer } from 'node:http';
import autocannon from 'autocannon';
import { rpc } from '../lib.mjs';

const BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_status', params: [] });

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY, connections: 20, pipelining: 1, duration: seconds },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** get_status requests per second on the devnet vs a bare node:http server answering the same JSON. */
export async function getStatusThroughput({ devnet, seconds = 5 }) {
  const status = JSON.stringify({ jsonrpc: '2.0', id: 1, result: await rpc(devnet.urls.public, 'get_status') });
  const bare = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(status);
    });
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${bare.address().port}`;
  const anchor = await load(bareUrl, seconds);
  const measured = await load(devnet.urls.public, seconds);
  bare.close();
  const value = measured.requests.average;
  const anchorValue = anchor.requests.average;
  return [
    {
      name: 'get_status throughput',
      value,
      unit: 'req/s',
      anchor: 'bare node:http JSON server, same load (autocannon, 20 connections)',
      anchorValue,
      ratio: value / anchorValue,
      target: '≥ 0.5×',
      errors: measured.errors + measured.non2xx,
    },
  ];
}
