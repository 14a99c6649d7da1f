import { TestHost, type TestHostOptions } from './TestHost.js';
import { HOST_IMPORT_BUILDERS } from './hostImportBuilders.js';
import { importsVmMockHelpers } from './vmMock.js';

/** Where the test host is found on the module as-pect gets back from `instantiate`. */
export const TEST_HOST: unique symbol = Symbol.for('mason.testing.host') as never;
/** Options the runner attaches to the `createImports` it gives as-pect configs (root, log). */
export const RUN_OPTIONS: unique symbol = Symbol.for('mason.testing.run') as never;

interface LoaderResult {
  instance: WebAssembly.Instance;
  exports: Record<string, unknown>;
}

/** The `instantiate` of an as-pect config (`IAspectConfig.instantiate`). */
export type AspectInstantiate = (
  memory: WebAssembly.Memory,
  createImports: (...imports: object[]) => WebAssembly.Imports,
  instantiate: (binary: Uint8Array | WebAssembly.Module, imports: WebAssembly.Imports) => Promise<LoaderResult>,
  binary: Uint8Array,
) => Promise<LoaderResult>;

/**
 * as-pect's `instantiate` with Mason's VM as the host of the test module:
 * `export default { instantiate: masonHost({ resetBetweenTests: true }), … }` in as-pect.config.js.
 * A spec that imports vm-mock's helpers runs in vm-mock mode (see `TestHostOptions.vmMock`).
 */
export function masonHost(options: TestHostOptions = {}): AspectInstantiate {
  return async (_memory, createImports, instantiate, binary) => {
    const run = (createImports as { [RUN_OPTIONS]?: TestHostOptions })[RUN_OPTIONS];
    const module = new WebAssembly.Module(binary);
    const vmMock = options.vmMock ?? run?.vmMock ?? importsVmMockHelpers(module);
    const host = new TestHost({ ...options, ...run, vmMock });
    const imports = createImports(host.imports(HOST_IMPORT_BUILDERS));
    host.observe(imports);
    const result = await instantiate(module, imports);
    host.attach(result);
    Object.defineProperty(result, TEST_HOST, { value: host });
    return result;
  };
}

/** The test host of a module instantiated by `masonHost`, if it was. */
export function testHostOf(result: object): TestHost | undefined {
  return (result as { [TEST_HOST]?: TestHost })[TEST_HOST];
}
