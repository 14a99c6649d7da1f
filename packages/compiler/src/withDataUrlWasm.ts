const DATA_WASM = 'data:application/wasm;base64,';
const SHIM = Symbol('withDataUrlWasm');

/** What the `fetch` below answers for a data: URL of WebAssembly: the module's bytes. */
class DataUrlWasm {
  constructor(readonly bytes: Uint8Array) {}
}

type Fetch = typeof fetch;
type InstantiateStreaming = (source: unknown, imports?: object) => Promise<unknown>;
// The two functions used here (TypeScript declares WebAssembly only in lib.dom).
const webAssembly = (
  globalThis as unknown as {
    WebAssembly: { instantiate: (bytes: Uint8Array, imports?: object) => Promise<unknown>; instantiateStreaming: InstantiateStreaming };
  }
).WebAssembly;

/**
 * Runs `load` (an import of asc) with `fetch` and `WebAssembly.instantiateStreaming` answering
 * data: URLs of WebAssembly without Node's fetch.
 *
 * assemblyscript.js instantiates a ~100-byte helper module at load with
 * `WebAssembly.instantiateStreaming(fetch('data:application/wasm;base64,…'))`. In Node the first
 * `fetch` loads undici, ~40 ms of every thread that loads asc (docs/performance.md, "Start-up:
 * what is loaded"). Every other call goes to the functions that were there, unchanged, and each global is
 * put back when `load` settles unless something else replaced it meanwhile.
 */
export async function withDataUrlWasm<T>(load: () => Promise<T>): Promise<T> {
  // Inside another call's load: its functions are in place, and it puts back the originals.
  if (typeof globalThis.fetch === 'function' && SHIM in globalThis.fetch) return load();
  const originalFetch: Fetch = globalThis.fetch;
  const originalStreaming = webAssembly.instantiateStreaming;
  const shimFetch = ((input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) =>
    typeof input === 'string' && input.startsWith(DATA_WASM)
      ? Promise.resolve(new DataUrlWasm(Buffer.from(input.slice(DATA_WASM.length), 'base64')))
      : originalFetch(input, init)) as Fetch;
  Object.defineProperty(shimFetch, SHIM, { value: true });
  const shimStreaming: InstantiateStreaming = async (source, imports) => {
    const response: unknown = await source;
    return response instanceof DataUrlWasm ? webAssembly.instantiate(response.bytes, imports) : originalStreaming(response, imports);
  };
  globalThis.fetch = shimFetch;
  webAssembly.instantiateStreaming = shimStreaming;
  try {
    return await load();
  } finally {
    if (globalThis.fetch === shimFetch) globalThis.fetch = originalFetch;
    if (webAssembly.instantiateStreaming === shimStreaming) webAssembly.instantiateStreaming = originalStreaming;
  }
}
