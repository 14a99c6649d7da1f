import { Chain } from './chain.js';
import { byId, h, mount } from './dom.js';
import { ID_PATTERN } from './format.js';
import { JsonRpcHttp, LiveSubscriptions, RpcError, type ConnectionState } from './rpc.js';
import type { FilledBlock, SecureShareOperation } from './types.js';
import { renderAddresses } from './views/addresses.js';
import { renderContracts } from './views/contracts.js';
import { renderDeferredCalls } from './views/deferredCalls.js';
import { loadDetails, renderDetails, renderNoSelection } from './views/details.js';
import { renderGraph } from './views/graph.js';
import { renderHeader } from './views/header.js';
import { href, type Route } from './views/links.js';
import { renderOperations } from './views/operations.js';

// The page lives on the API port; the devnet tells it the public port (same host) in a meta tag.
const publicPort = Number(document.querySelector<HTMLMetaElement>('meta[name="mason-public-port"]')?.content);
const publicUrl = `${location.protocol}//${location.hostname}:${publicPort}/`;
const publicApi = new JsonRpcHttp(publicUrl);
const apiPortApi = new JsonRpcHttp(`${location.origin}/`);
const chain = new Chain(publicApi, apiPortApi);

let connection: ConnectionState = 'connecting';
let error: string | null =
  Number.isInteger(publicPort) && publicPort > 0
    ? null
    : 'This page does not know the node’s public port: open it from the devnet (http://127.0.0.1:33036/explorer).';
let route: Route = parseRoute(location.hash);
let details: { route: Route; loaded: Awaited<ReturnType<typeof loadDetails>> | null; error: string | null } = { route, loaded: null, error: null };

function parseRoute(hash: string): Route {
  const match = /^#(block|op|address)\/(.+)$/.exec(hash);
  if (!match) return null;
  const id = decodeURIComponent(match[2]!);
  return ID_PATTERN.test(id) ? { kind: match[1] as 'block' | 'op' | 'address', id } : null;
}

function describe(problem: unknown): string {
  if (problem instanceof RpcError) return `The node refused ${problem.message}`;
  if (problem instanceof TypeError) return `Cannot reach the node’s public API at ${publicUrl}: is the devnet still running?`;
  return String((problem as Error)?.message ?? problem);
}

// ------------------------------------------------------------ rendering

let frame = 0;
function render(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    renderHeader(byId('status'), chain.status, connection, error);
    renderGraph(byId('graph'), chain, route);
    renderOperations(byId('operations'), chain, route, readOlderOperations);
    renderAddresses(byId('addresses'), chain, route);
    renderContracts(byId('contracts'), chain);
    renderDeferredCalls(byId('deferred-calls'), chain);
    if (route) renderDetails(byId('details'), route, details.route === route ? details.loaded : null, details.route === route ? details.error : null);
    else renderNoSelection(byId('details'));
  });
}

// ------------------------------------------------------------ reading the node, one pass at a time

let syncing = false;
let again = false;
let reload = false;

async function readDetails(): Promise<void> {
  const wanted = route;
  if (!wanted) return;
  try {
    const loaded = await loadDetails(publicApi, wanted);
    if (route === wanted) details = { route: wanted, loaded, error: null };
  } catch (problem) {
    if (route === wanted) details = { route: wanted, loaded: null, error: describe(problem) };
  }
}

/** The next older page of the operation history, below the operations shown. */
function readOlderOperations(): void {
  chain.loadOlderOperations().then(
    () => render(),
    (problem) => {
      error = describe(problem);
      render();
    },
  );
}

/** Brings the page up to date; calls made while a pass runs are folded into one more pass. */
async function sync(full = false): Promise<void> {
  reload ||= full;
  if (syncing) {
    again = true;
    return;
  }
  syncing = true;
  try {
    do {
      again = false;
      const fullPass = reload;
      reload = false;
      try {
        await (fullPass ? chain.load() : chain.refresh());
        await readDetails();
        error = null;
      } catch (problem) {
        error = describe(problem);
      }
      render();
    } while (again || reload);
  } finally {
    syncing = false;
  }
}

// ------------------------------------------------------------ wiring

window.addEventListener('hashchange', () => {
  route = parseRoute(location.hash);
  details = { route, loaded: null, error: null };
  render();
  void readDetails().then(render);
});

const search = byId<HTMLFormElement>('search');
search.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = search.querySelector('input')!;
  const id = input.value.trim();
  const kind = id.startsWith('B') ? 'block' : id.startsWith('O') ? 'op' : 'address';
  const hint = byId('search-hint');
  if (!ID_PATTERN.test(id) || id.startsWith('E')) {
    mount(hint, 'Not an id this page can show: paste a block (B1…), an operation (O1…) or an address (AU1…, AS1…).');
    return;
  }
  mount(hint);
  location.hash = href(kind, id);
});

mount(byId('public-url'), h('code', null, publicUrl));

const live = new LiveSubscriptions(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`, ['new_filled_blocks', 'new_operations'], {
  notification(topic, payload) {
    if (topic === 'new_filled_blocks') chain.addFilledBlock(payload as FilledBlock);
    else chain.addOperation(payload as SecureShareOperation);
    render();
    void sync();
  },
  state(state) {
    connection = state;
    render();
  },
  subscribed() {
    void sync(true);
  },
});
render();
if (!error) live.start();
