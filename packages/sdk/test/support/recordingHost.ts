// A `massa` namespace that records every host call with its decoded arguments and answers from
// per-test handlers (defaults: empty bytes/string, 0). Built from abi-imports.json, so a binding
// whose argument kinds disagree with the table shows up as garbled recorded arguments.
import type { AsModule, HostImports } from './asModule.js';
import { hostFunctions } from './massaRules.js';

export type HostValue = string | Uint8Array | number | bigint | boolean | undefined;
export interface HostCall {
  name: string;
  args: HostValue[];
}
export type Handler = (...args: never[]) => HostValue;

export class RecordingHost {
  readonly calls: HostCall[] = [];
  private handlers = new Map<string, Handler>();

  /** Answers calls to `assembly_script_<name>` with `handler` (receives the decoded arguments). */
  on(name: string, handler: Handler): this {
    this.handlers.set(name, handler);
    return this;
  }

  reset(): void {
    this.calls.length = 0;
    this.handlers.clear();
  }

  /** Arguments of each recorded call to `assembly_script_<name>`. */
  named(name: string): HostValue[][] {
    return this.calls.filter((c) => c.name === name).map((c) => c.args);
  }

  imports(module: AsModule): HostImports {
    const massa: Record<string, (...raw: never[]) => unknown> = {};
    for (const fn of hostFunctions.filter((f) => f.module === 'massa')) {
      const name = fn.name.replace(/^assembly_script_/, '');
      massa[fn.name] = (...raw: (number | bigint)[]) => {
        const args = raw.map((value, i): HostValue => {
          switch (fn.argTypes[i]) {
            case 'string':
              return module.readString(value as number);
            case 'bytes':
              return module.readBytes(value as number);
            default:
              return value;
          }
        });
        this.calls.push({ name, args });
        const handler = this.handlers.get(name);
        const answer = handler ? (handler as (...a: HostValue[]) => HostValue)(...args) : undefined;
        switch (fn.returnType) {
          case 'string':
            return module.writeString((answer as string | undefined) ?? '');
          case 'bytes':
            return module.writeBytes((answer as Uint8Array | undefined) ?? new Uint8Array());
          case 'i64':
            return BigInt((answer as bigint | number | undefined) ?? 0);
          case 'i32':
            return Number(answer ?? 0);
          default:
            return undefined;
        }
      };
    }
    return { massa };
  }
}
