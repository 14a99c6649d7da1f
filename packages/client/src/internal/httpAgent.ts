import type { Dispatcher } from 'undici';

/** The part of an undici dispatcher the client uses: keep-alive requests, and closing. */
export interface HttpAgent {
  request(options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  close(): Promise<void>;
}

type AgentOptions = { keepAliveTimeout: number; connections: number };
type Import = (specifier: string) => Promise<Record<string, unknown>>;
type RequestFn = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
type AgentClass = new (options: AgentOptions) => Dispatcher;

// undici's index loads every dispatcher, fetch, its cache and mocks (~110 files, ~70 ms here); the
// keep-alive Agent and `request` need ~25 of them (~25 ms), paid by every short-lived process that
// makes one call. Those two files are not undici's documented entry points, so if a version moves
// them the client falls back to the index.
const AGENT_FILE = 'undici/lib/dispatcher/agent.js';
const REQUEST_FILE = 'undici/lib/api/api-request.js';

const defaultImport: Import = (specifier) => import(specifier);

export async function createHttpAgent(options: AgentOptions, load: Import = defaultImport): Promise<HttpAgent> {
  const direct = await Promise.all([load(AGENT_FILE), load(REQUEST_FILE)]).catch(() => undefined);
  const Agent = direct?.[0].default;
  const request = direct?.[1].default;
  if (typeof Agent === 'function' && typeof request === 'function') {
    const agent = new (Agent as AgentClass)(options);
    return { request: (requestOptions) => (request as RequestFn).call(agent, requestOptions), close: () => agent.close() };
  }
  const undici = (await load('undici')) as unknown as typeof import('undici');
  const agent = new undici.Agent(options);
  return { request: (requestOptions) => agent.request(requestOptions), close: () => agent.close() };
}
