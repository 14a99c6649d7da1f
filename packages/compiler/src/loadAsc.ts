import type { AssemblyScriptModule } from './parsedSources.js';
import { keepProcessHandlers } from './keepProcessHandlers.js';
import { withDataUrlWasm } from './withDataUrlWasm.js';

export type Asc = typeof import('assemblyscript/asc').default;

let loading: Promise<{ asc: Asc; assemblyscript: AssemblyScriptModule }> | undefined;

/** asc and Binaryen take a few hundred ms to load: only builds that compile pay for it. */
export function loadAsc(): Promise<{ asc: Asc; assemblyscript: AssemblyScriptModule }> {
  // `assemblyscript` is the compiler asc itself imports: loading it costs nothing more.
  loading ??= keepProcessHandlers(() =>
    withDataUrlWasm(() => Promise.all([import('assemblyscript/asc'), import('assemblyscript') as Promise<unknown> as Promise<AssemblyScriptModule>])),
  ).then(([module, assemblyscript]) => ({ asc: module.default, assemblyscript }));
  return loading;
}
