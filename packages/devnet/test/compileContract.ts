import asc from 'assemblyscript/asc';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** Compiles a test contract with @mason/sdk's Massa-safe asconfig, in memory. */
export async function compileContract(name: string): Promise<Uint8Array> {
  const outputs = new Map<string, Uint8Array>();
  let stderr = '';
  const { error } = await asc.main(
    [`test/contracts/${name}.ts`, '--baseDir', packageDir, '--config', 'node_modules/@mason/sdk/asconfig.json', '--target', 'release', '--outFile', 'out.wasm'],
    {
      writeFile: (file: string, contents: Uint8Array | string) => void outputs.set(file, typeof contents === 'string' ? new TextEncoder().encode(contents) : contents),
      stdout: { write: () => true } as never,
      stderr: { write: (text: string) => ((stderr += text), true) } as never,
    },
  );
  const binary = outputs.get('out.wasm');
  if (error || !binary) throw new Error(`compiling ${name} failed: ${error?.message ?? 'no output'}\n${stderr}`);
  return binary;
}
