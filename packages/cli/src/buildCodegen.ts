import { codegen } from '@mason/compiler';
import { readCodegenConfig } from './codegenConfig.js';
import { printCodegen } from './commands/codegen.js';

/** After `mason build`: writes the bindings when the project's package.json configures codegen ("mason": { "codegen": … }). */
export function buildCodegen(root: string, buildDir: string, quiet: boolean): void {
  const config = readCodegenConfig(root);
  if (!config) return;
  const result = codegen({ ...config, root, buildDir });
  if (!quiet) printCodegen(result);
}
