import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What a process loads is most of its start-up time (docs/performance.md, "Start-up: what is
// loaded"): these are the loads that were cut, kept from coming back.

const cliDir = fileURLToPath(new URL('..', import.meta.url));
const recorder = fileURLToPath(new URL('./fixtures/recordLoads.mjs', import.meta.url));
const masonBin = fileURLToPath(new URL('../bin/mason.js', import.meta.url));

/** The modules a fresh Node process loads while running `args` (from the CLI package, where its dependencies resolve). */
function loadsOf(args: string[]): string[] {
  const result = spawnSync(process.execPath, ['--import', recorder, ...args], { cwd: cliDir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('loaded '))
    .map((line) => line.slice('loaded '.length));
}

const script = (code: string) => ['--input-type=module', '-e', code];
const packageOf = (urls: string[], name: string) =>
  urls.filter((url) => url.includes(`/node_modules/${name}/`) || url.includes(`/packages/${name.replace('@mason/', '')}/dist/`));

describe('what start-up loads', () => {
  it('a client that has not called yet loads neither undici, ws nor dotenv (read by Account.fromEnv alone)', () => {
    const loads = loadsOf(
      script("const { createClient } = await import('@mason/client'); createClient({ url: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:1' });"),
    );
    expect(packageOf(loads, '@mason/client').length).toBeGreaterThan(0);
    expect(packageOf(loads, 'undici')).toEqual([]);
    expect(packageOf(loads, 'ws')).toEqual([]);
    expect(packageOf(loads, 'dotenv')).toEqual([]);
  });

  it("a client's first call loads undici's agent, not undici's index of everything", () => {
    const loads = loadsOf(
      script(
        [
          "const http = await import('node:http');",
          "const server = http.createServer((request, response) => { let body = ''; request.on('data', (c) => (body += c)); request.on('end', () => response.end(JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(body).id, result: 7 }))); });",
          "await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));",
          "const { createClient } = await import('@mason/client');",
          "const client = createClient({ url: 'http://127.0.0.1:' + server.address().port });",
          "if ((await client.request('get_status')) !== 7) throw new Error('wrong answer');",
          'await client.close(); server.close();',
        ].join('\n'),
      ),
    );
    expect(packageOf(loads, 'undici').some((url) => url.endsWith('/lib/dispatcher/agent.js'))).toBe(true);
    expect(packageOf(loads, 'undici').filter((url) => url.endsWith('/undici/index.js'))).toEqual([]);
  });

  it("the codec does not load @noble's fallbacks where Node's crypto and WebAssembly are there", () => {
    const loads = loadsOf(
      script("const { blake3, sha256, SecretKey } = await import('@mason/codec'); blake3(new Uint8Array(3)); sha256(new Uint8Array(3)); SecretKey.generate();"),
    );
    expect(loads.filter((url) => url.includes('/@noble/'))).toEqual([]);
  });

  it("mason test's command loads neither the client, the compiler nor the devnet", () => {
    const loads = loadsOf([masonBin, 'test', '--help']);
    expect(packageOf(loads, '@mason/testing').length).toBeGreaterThan(0);
    for (const name of ['@mason/client', '@mason/compiler', '@mason/devnet', 'undici', 'ws', '@as-pect/core']) expect(packageOf(loads, name), name).toEqual([]);
  });

  it('a devnet no WebSocket client talks to does not load ws', () => {
    const loads = loadsOf(
      script(
        "const { startDevnet } = await import('@mason/devnet'); const devnet = await startDevnet({ publicPort: 0, privatePort: 0, apiPort: 0, instant: true }); await devnet.stop();",
      ),
    );
    expect(packageOf(loads, '@mason/devnet').length).toBeGreaterThan(0);
    expect(packageOf(loads, 'ws')).toEqual([]);
  });

  it("importing @mason/testing (as an integration test does) does not load as-pect's runtime nor the spec finder's globbing", () => {
    const loads = loadsOf(script("await import('@mason/testing');"));
    expect(loads.filter((url) => url.includes('/@as-pect/'))).toEqual([]);
    expect(packageOf(loads, 'tinyglobby')).toEqual([]);
  });

  it("the VM loads neither @noble's secp256k1 and keccak (until an EVM host function runs) nor hash-wasm's index", () => {
    const loads = loadsOf(script("const { TestHost } = await import('@mason/testing'); new TestHost();"));
    expect(packageOf(loads, '@mason/vm').length).toBeGreaterThan(0);
    expect(loads.filter((url) => url.includes('/@noble/curves/') || url.includes('/@noble/hashes/'))).toEqual([]);
    expect(packageOf(loads, 'hash-wasm').filter((url) => !/\/dist\/(blake3|keccak)\.umd\.min\.js$/.test(url))).toEqual([]);
  });

  it('the build command (and a no-change build with it) loads the codec without its cryptography: no blake3 to compile', () => {
    const codecIndex = (urls: string[]) => packageOf(urls, '@mason/codec').filter((url) => url.endsWith('/dist/index.js'));
    for (const loads of [loadsOf([masonBin, 'build', '--help']), loadsOf(script("await import('@mason/compiler');"))]) {
      expect(packageOf(loads, '@mason/codec').length).toBeGreaterThan(0);
      expect(codecIndex(loads)).toEqual([]);
      expect(packageOf(loads, 'hash-wasm')).toEqual([]);
    }
  });
});
