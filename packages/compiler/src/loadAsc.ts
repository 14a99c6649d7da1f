export type Asc = typeof import('assemblyscript/asc').default;

let loading: Promise<Asc> | undefined;

/** asc and Binaryen take a few hundred ms to load: only builds that compile pay for it. */
export function loadAsc(): Promise<Asc> {
  loading ??= import('assemblyscript/asc').then((module) => module.default);
  return loading;
}
