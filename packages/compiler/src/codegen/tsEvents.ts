import type { EventShape } from './abiShapes.js';
import { quote, ts } from './codeText.js';
import { propertyKey, uniqueNames } from './codegenNames.js';
import { eventFieldExpression, type TsUses } from './tsValueCode.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The contract's event type (a union by `event`) and `decodeEvent(data)`, which reads an event's text as one of them. */
export function eventsCode(className: string, events: readonly EventShape[], uses: TsUses): string {
  const typeName = `${className}Event`;
  if (events.length === 0) {
    return [
      ts(`/** ${className} emits no event Mason could read from its source. */\nexport type ${typeName} = never;\n`),
      `/** Reads an event's text as one of ${className}'s events: it has none, so always null. */`,
      `export function decodeEvent(_data${ts(': string')})${ts(`: ${typeName} | null`)} {\nreturn null;\n}`,
    ].join('\n');
  }
  const variants: string[] = [];
  const decoders: string[] = [];
  for (const event of events) {
    const keys = uniqueNames(
      event.fields.map((f) => f.name),
      (i) => `field${i + 1}`,
      ['event'],
    );
    const fields = event.fields.map((field, i) => ({ key: keys[i]!, ...eventFieldExpression(field.type, `parts[${i}]${ts('!')}`, uses) }));
    variants.push(`{ event: ${quote(event.key)}${fields.map((f) => `; ${propertyKey(f.key)}: ${f.tsType}`).join('')} }`);
    const object = `{ event: ${quote(event.key)}${fields.map((f, i) => `, ${propertyKey(f.key)}: f${i}`).join('')} }`;
    if (event.named && event.fields.length === 0) {
      decoders.push(`if (data === ${quote(event.key)}) return ${object};`);
      continue;
    }
    const checks = fields.flatMap((f, i) => (f.tsType === 'string' ? [] : [`f${i} !== undefined`]));
    const match = event.named
      ? `const parts = eventFields(data, ${quote(event.key)}, ${event.fields.length});`
      : `const parts = new RegExp(${quote(`^${event.literals.map(escapeRegExp).join('([\\s\\S]*?)')}$`)}).exec(data)?.slice(1);`;
    decoders.push(
      [
        '{',
        match,
        'if (parts) {',
        ...fields.map((f, i) => `const f${i} = ${f.expression};`),
        checks.length > 0 ? `if (${checks.join(' && ')}) return ${object};` : `return ${object};`,
        '}',
        '}',
      ].join('\n'),
    );
  }
  const splitsFields = events.some((e) => e.named && e.fields.length > 0);
  return [
    ts(
      `/** ${className}'s events, as its source emits them (\`event\`: the name, or the text with each value as {field}). */\nexport type ${typeName} =\n${variants.map((v) => `| ${v}`).join('\n')};\n`,
    ),
    `/** Reads an event's text (its \`data\`) as one of ${className}'s events; null for any other text. */`,
    `export function decodeEvent(data${ts(': string')})${ts(`: ${typeName} | null`)} {`,
    ...decoders,
    'return null;',
    '}',
    ...(splitsFields
      ? [
          '',
          '/** The comma-separated values after `NAME:`, when there are `count` of them (a single value keeps its commas). */',
          `function eventFields(data${ts(': string')}, name${ts(': string')}, count${ts(': number')})${ts(': string[] | null')} {`,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated code
          'if (!data.startsWith(`${name}:`)) return null;',
          'const rest = data.slice(name.length + 1);',
          "const parts = count === 1 ? [rest] : rest.split(',');",
          'return parts.length === count ? parts : null;',
          '}',
        ]
      : []),
  ].join('\n');
}
