import type { DeployCall } from './tsFunctionPlan.js';
import type { TsUses } from './tsValueCode.js';

/** What a binding module writes differently for the library it calls the node through. */
export interface TsTarget {
  /** The package named in the module's header. */
  library: string;
  imports(uses: TsUses, language: 'ts' | 'js'): string;
  /** `ReadOptions`, `WriteOptions`, `DeployOptions` (and what else the module's functions take). */
  optionTypes(contract: string): string;
  /** `deploy(…)`, which deploys the contract and opens it as the class. */
  deploy(contract: string, className: string, call: DeployCall): string;
  /** The class's fields and its constructor. */
  classFields: string[];
  classConstructor: string[];
  /** `#read(func, parameter, options)`: a read-only call, giving the returned bytes. */
  readMethod: string[];
  /** The body of `#write(func, parameter, options)`: sends a CallSC operation. */
  writeBody(className: string): string[];
}
