import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDataUrlWasm } from '../src/withDataUrlWasm.js';

// A module exporting `answer() → 42`, as a data: URL the way assemblyscript.js writes its helper.
const ANSWER = Uint8Array.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, 0x03, 0x02, 0x01, 0x00, 0x07, 0x0a, 0x01, 0x06, 0x61, 0x6e, 0x73,
  0x77, 0x65, 0x72, 0x00, 0x00, 0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x2a, 0x0b,
]);
const ANSWER_URL = `data:application/wasm;base64,${Buffer.from(ANSWER).toString('base64')}`;

interface Streaming {
  instantiateStreaming: (source: unknown, imports?: object) => Promise<{ instance: { exports: Record<string, () => number> } }>;
}
const webAssembly = (globalThis as unknown as { WebAssembly: Streaming }).WebAssembly;
const originalFetch = globalThis.fetch;
const originalStreaming = webAssembly.instantiateStreaming;

afterEach(() => {
  globalThis.fetch = originalFetch;
  webAssembly.instantiateStreaming = originalStreaming;
});

describe('withDataUrlWasm', () => {
  it('instantiates a data: URL of WebAssembly the way assemblyscript.js loads its helper', async () => {
    const answer = await withDataUrlWasm(async () => {
      const { instance } = await webAssembly.instantiateStreaming(fetch(ANSWER_URL));
      return instance.exports.answer!();
    });
    expect(answer).toBe(42);
  });

  it('hands every other fetch and instantiateStreaming to the functions that were there', async () => {
    const response = { marker: 'not ours' };
    const fetchSpy = vi.fn(async () => response as unknown as Response);
    const streamingSpy = vi.fn(async () => ({ instance: { exports: {} } }));
    globalThis.fetch = fetchSpy;
    webAssembly.instantiateStreaming = streamingSpy;
    await withDataUrlWasm(async () => {
      const imports = { env: {} };
      await webAssembly.instantiateStreaming(fetch('https://example.invalid/a.wasm', { method: 'GET' }), imports);
      await fetch(new URL('data:text/plain,hi'));
      expect(streamingSpy).toHaveBeenCalledWith(response, imports);
    });
    expect(fetchSpy.mock.calls).toEqual([
      ['https://example.invalid/a.wasm', { method: 'GET' }],
      [new URL('data:text/plain,hi'), undefined],
    ]);
    expect(globalThis.fetch).toBe(fetchSpy);
    expect(webAssembly.instantiateStreaming).toBe(streamingSpy);
  });

  it('puts both globals back when the load fails, and keeps a replacement made during the load', async () => {
    await expect(
      withDataUrlWasm(async () => {
        throw new Error('asc failed to load');
      }),
    ).rejects.toThrow('asc failed to load');
    expect(globalThis.fetch).toBe(originalFetch);
    expect(webAssembly.instantiateStreaming).toBe(originalStreaming);

    const mocked = vi.fn() as unknown as typeof fetch;
    await withDataUrlWasm(async () => {
      globalThis.fetch = mocked;
    });
    expect(globalThis.fetch).toBe(mocked);
    expect(webAssembly.instantiateStreaming).toBe(originalStreaming);
  });

  it('lets calls overlap: the inner one runs inside the outer one’s functions, the originals come back once', async () => {
    let releaseOuter = () => {};
    const outer = withDataUrlWasm(() => new Promise<void>((resolve) => (releaseOuter = resolve)));
    const inner = withDataUrlWasm(async () => (await webAssembly.instantiateStreaming(fetch(ANSWER_URL))).instance.exports.answer!());
    expect(await inner).toBe(42);
    expect(globalThis.fetch).not.toBe(originalFetch);
    releaseOuter();
    await outer;
    expect(globalThis.fetch).toBe(originalFetch);
    expect(webAssembly.instantiateStreaming).toBe(originalStreaming);
  });

  it('loads asc without loading Node’s fetch (undici)', () => {
    // A fresh process: this one may have loaded undici already. Checks that asc still loads its
    // helper module through fetch of a data: URL, which the shim must cover.
    const index = fileURLToPath(new URL('../dist/index.js', import.meta.url));
    const script = `
      const { withDataUrlWasm } = await import(${JSON.stringify(index)});
      const [asc] = await withDataUrlWasm(() => Promise.all([import('assemblyscript/asc'), import('assemblyscript')]));
      if (typeof asc.default.main !== 'function') throw new Error('asc did not load');
      console.log(JSON.stringify(process.moduleLoadList.filter((name) => name.includes('undici'))));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual([]);
  });
});
