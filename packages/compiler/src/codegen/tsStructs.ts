import type { Abi, AbiValue } from '@mason/codec/base';
import { ts } from './codeText.js';
import { propertyKey, uniqueNames } from './codegenNames.js';
import { decodeExpression, encodeStatement, tsType, type TsUses } from './tsValueCode.js';

function structFields(abi: Abi, name: string): { fields: AbiValue[]; keys: string[] } {
  const fields = abi.structs[name]!.fields;
  const keys = uniqueNames(
    fields.map((f) => f.name),
    (i) => `field${i + 1}`,
  );
  return { fields, keys };
}

/**
 * The structs the module uses: an interface each (in name order), and the writers and readers
 * its code calls — which may call those of more structs.
 */
export function structsCode(abi: Abi, uses: TsUses): string[] {
  const writers = new Map<string, string>();
  const readers = new Map<string, string>();
  const pending = () => [...uses.writes].some((n) => !writers.has(n)) || [...uses.reads].some((n) => !readers.has(n));
  while (pending()) {
    for (const name of [...uses.writes].filter((n) => !writers.has(n))) {
      writers.set(name, '');
      const { fields, keys } = structFields(abi, name);
      const writes = fields.map((f, i) => encodeStatement(f.type, 'args', `value.${keys[i]}`, uses));
      writers.set(name, [`function write${name}(args${ts(': Args')}, value${ts(`: ${name}`)})${ts(': void')} {`, ...writes, '}'].join('\n'));
    }
    for (const name of [...uses.reads].filter((n) => !readers.has(n))) {
      readers.set(name, '');
      const { fields, keys } = structFields(abi, name);
      const reads = fields.map((f, i) => `${propertyKey(keys[i]!)}: ${decodeExpression(f.type, 'args', uses)},`);
      readers.set(name, [`function read${name}(args${ts(': Args')})${ts(`: ${name}`)} {`, 'return {', ...reads, '};', '}'].join('\n'));
    }
  }
  const named = new Set<string>();
  const visit = (name: string) => {
    if (named.has(name)) return;
    named.add(name);
    for (const field of abi.structs[name]!.fields) {
      const base = field.type.replace(/(\[\])+$/, '');
      if (Object.hasOwn(abi.structs, base)) visit(base);
    }
  };
  for (const name of [...writers.keys(), ...readers.keys()]) visit(name);
  return [...named].sort().map((name) => {
    const { fields, keys } = structFields(abi, name);
    const members = fields.map((f, i) => `${propertyKey(keys[i]!)}: ${tsType(f.type)};`);
    return [
      ts(
        [
          `/** The struct ${name} (a Serializable class of the contract): its fields in the order it serializes them. */`,
          `export interface ${name} {`,
          ...members,
          '}',
          '',
        ].join('\n'),
      ),
      ...(writers.has(name) ? [writers.get(name)!, ''] : []),
      ...(readers.has(name) ? [readers.get(name)!] : []),
    ].join('\n');
  });
}
