import { quote, ts } from './codeText.js';
import { isIdentifier, propertyKey } from './codegenNames.js';
import { argumentsBefore, type FunctionPlan, paramsBefore, resultType, signature } from './tsFunctionPlan.js';
import type { TsTarget } from './TsTarget.js';

/** Members of the class that a function's method must not replace (the function stays under `read`/`write`). */
const CLASS_MEMBERS = ['address', 'client', 'account', 'provider', 'read', 'write', 'decodeEvents', 'constructor'];

/** A function's entries in `read` and `write`, and its method (none when its name cannot be one). */
function functionMembers(plan: FunctionPlan): { read: string[]; write: string[]; method: string[] } {
  const name = plan.fn.name;
  const key = propertyKey(name);
  const before = paramsBefore(plan);
  const args = argumentsBefore(plan);
  const decoded = resultType(plan.result);
  const value = plan.result.kind === 'void' ? '.then(() => undefined)' : plan.result.kind === 'bytes' ? '' : `.then(decode$${name})`;
  const encoded = `encode$${name}(${args.slice(0, -2)})`;
  const read = [
    `/** ${signature(plan)}, by a read-only call. */`,
    `${key}: (${before}options${ts(': ReadOptions')} = {})${ts(`: Promise<${decoded}>`)} => this.#read(${quote(name)}, ${encoded}, options)${value},`,
  ];
  const write = [
    `/** ${signature(plan)}, by a CallSC operation. */`,
    `${key}: (${before}options${ts(': WriteOptions')} = {})${ts(': Promise<Operation>')} => this.#write(${quote(name)}, ${encoded}, options),`,
  ];
  if (!isIdentifier(name) || CLASS_MEMBERS.includes(name)) return { read, write, method: [] };
  const writing = plan.result.kind === 'void';
  const method = [
    '',
    writing
      ? `/** ${signature(plan)}: sends a CallSC operation (\`read.${name}\` runs it read-only). */`
      : `/** ${signature(plan)}: a read-only call (\`write.${name}\` sends it as an operation). */`,
    `${name}(${before}options${ts(writing ? ': WriteOptions' : ': ReadOptions')} = {})${ts(writing ? ': Promise<Operation>' : `: Promise<${decoded}>`)} {`,
    `return this.${writing ? 'write' : 'read'}.${name}(${args}options);`,
    '}',
  ];
  return { read, write, method };
}

/** The class of the contract at an address: `read`, `write`, a method per function, `decodeEvents`. */
export function classCode(contract: string, className: string, plans: FunctionPlan[], target: TsTarget): string {
  const members = plans.map(functionMembers);
  return [
    `/** ${contract} at an address. \`read.<function>\` runs a read-only call (decoded result), \`write.<function>\` sends a CallSC operation; the method of each function does what it is for: reading when it returns a value, writing when it returns nothing. */`,
    `export class ${className} {`,
    ...target.classFields,
    '',
    `${ts('readonly ')}read = {`,
    ...members.flatMap((member) => member.read),
    '};',
    '',
    `${ts('readonly ')}write = {`,
    ...members.flatMap((member) => member.write),
    '};',
    '',
    ...target.classConstructor,
    ...members.flatMap((member) => member.method),
    '',
    "/** This contract's events among `events` (an operation's, or a filter's), decoded; events of other contracts and other texts are left out. */",
    `decodeEvents(events${ts(': readonly { data: string; context: { call_stack: readonly string[] } }[]')})${ts(`: ${className}Event[]`)} {`,
    `const decoded${ts(`: ${className}Event[]`)} = [];`,
    'for (const event of events) {',
    'const stack = event.context.call_stack;',
    'if (stack[stack.length - 1] !== this.address) continue;',
    'const value = decodeEvent(event.data);',
    'if (value !== null) decoded.push(value);',
    '}',
    'return decoded;',
    '}',
    '',
    ...target.readMethod,
    '',
    `async #write(func${ts(': string')}, parameter${ts(': Uint8Array')}, options${ts(': WriteOptions')})${ts(': Promise<Operation>')} {`,
    ...target.writeBody(className),
    '}',
    '}',
  ].join('\n');
}
