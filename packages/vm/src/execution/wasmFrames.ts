/** A frame of a wasm module in a stack trace: the module's id (`wasm://wasm/<id>`) and the byte offset in it. */
export interface WasmFrame {
  module: string;
  offset: number;
}

type CallSites = NodeJS.CallSite[];

const WASM_URL = /^wasm:\/\/wasm\/(.+)$/;

/** The wasm module id of a call site, or undefined for a JavaScript frame. */
function moduleOf(site: NodeJS.CallSite): string | undefined {
  // Tools that wrap call sites (source-map support) may keep only the common methods.
  const url = site.getScriptNameOrSourceURL?.() ?? site.getFileName?.() ?? '';
  return WASM_URL.exec(url)?.[1];
}

function toFrame(site: NodeJS.CallSite, module: string): WasmFrame {
  // V8 reports a wasm frame at line 1, column = module byte offset + 1.
  return { module, offset: (site.getColumnNumber() ?? 1) - 1 };
}

function toFrames(sites: CallSites): WasmFrame[] {
  const frames: WasmFrame[] = [];
  for (const site of sites) {
    const module = moduleOf(site);
    if (module !== undefined) frames.push(toFrame(site, module));
  }
  return frames;
}

/**
 * The innermost run of wasm frames of one module: the JavaScript frames on top (a host function
 * that threw) are skipped, and the run stops at the next JavaScript frame (the host function through
 * which this module was called by another, or called itself).
 */
function innermostRun(sites: CallSites): WasmFrame[] {
  const frames: WasmFrame[] = [];
  let first: string | undefined;
  for (const site of sites) {
    const module = moduleOf(site);
    if (module === undefined) {
      if (first !== undefined) break;
      continue;
    }
    if (first !== undefined && module !== first) break;
    first = module;
    frames.push(toFrame(site, module));
  }
  return frames;
}

// Stack traces are read as V8's call sites, not as text: tools such as vitest replace the text form.
function readCallSites(read: () => unknown): unknown {
  const previous = Error.prepareStackTrace;
  Error.prepareStackTrace = (_error, sites) => sites;
  try {
    return read();
  } finally {
    Error.prepareStackTrace = previous;
  }
}

/** The wasm frames of the current call stack, innermost first. */
export function currentWasmFrames(): WasmFrame[] {
  const holder: { stack?: unknown } = {};
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 200;
  let sites: unknown;
  try {
    // The stack is formatted when first read: read it while the call sites are asked for.
    sites = readCallSites(() => {
      Error.captureStackTrace(holder, currentWasmFrames);
      return holder.stack;
    });
  } finally {
    Error.stackTraceLimit = limit;
  }
  return Array.isArray(sites) ? toFrames(sites as CallSites) : [];
}

/** The call sites of `error` if its stack was not read yet (V8 formats it on first read); its `stack` then reads as V8's default text. */
function errorCallSites(error: unknown): CallSites {
  if (!(error instanceof Error)) return [];
  const stack = readCallSites(() => error.stack);
  if (!Array.isArray(stack)) return [];
  error.stack = [String(error), ...stack.map((site: NodeJS.CallSite) => `    at ${site}`)].join('\n');
  return stack as CallSites;
}

/** The wasm frames of `error`, innermost first (see errorCallSites). */
export function errorWasmFrames(error: unknown): WasmFrame[] {
  return toFrames(errorCallSites(error));
}

/** The innermost module's wasm frames of `error`, innermost first (see innermostRun, errorCallSites). */
export function errorModuleFrames(error: unknown): WasmFrame[] {
  return innermostRun(errorCallSites(error));
}
