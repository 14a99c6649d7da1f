import { INT_BYTES } from './abiShapes.js';
import { quote, ts } from './codeText.js';
import { type FunctionPlan, paramsBefore, resultType } from './tsFunctionPlan.js';
import { decodeExpression, encodeStatement, type TsUses } from './tsValueCode.js';

/** Byte size of each scalar a function may return raw. */
const RAW_SIZE: Readonly<Record<string, number>> = { bool: 1, f32: 4, f64: 8, ...INT_BYTES };

/** `encode$<fn>` (its parameters → argument bytes) and, when it returns a known layout, `decode$<fn>`. */
export function functionCodecs(plan: FunctionPlan, uses: TsUses): string {
  const name = plan.fn.name;
  const code: string[] = [];
  if (plan.params) {
    const params = paramsBefore(plan).slice(0, -2);
    const statements = (from: number): string[] => {
      if (from >= plan.params!.length) return [];
      const statement = encodeStatement(plan.params![from]!.type, 'args', plan.names[from]!, uses);
      if (from < plan.optionalFrom) return [statement, ...statements(from + 1)];
      // Leaving out an optional value leaves out the ones after it.
      return [`if (${plan.names[from]} !== undefined) {`, statement, ...statements(from + 1), '}'];
    };
    code.push(
      [`function encode$${name}(${params})${ts(': Uint8Array')} {`, 'const args = new Args();', ...statements(0), 'return args.serialize();', '}'].join('\n'),
    );
  } else {
    uses.helpers.add('bytesOf');
    code.push([`function encode$${name}(parameter${ts(': Args | Uint8Array')})${ts(': Uint8Array')} {`, 'return bytesOf(parameter);', '}'].join('\n'));
  }
  const result = plan.result;
  const returnType = ts(`: ${resultType(result)}`);
  if (result.kind === 'raw') {
    let body: string[];
    if (result.type === 'string') {
      uses.helpers.add('utf8');
      body = ['return utf8(bytes);'];
    } else if (result.type === 'bytes') body = ['return bytes;'];
    else {
      uses.helpers.add('expectLength');
      const what = quote(`the result of ${name} (${result.type})`);
      body = [`expectLength(bytes, ${RAW_SIZE[result.type]}, ${what});`, `return ${decodeExpression(result.type, 'new Args(bytes)', uses)};`];
    }
    code.push([`function decode$${name}(bytes${ts(': Uint8Array')})${returnType} {`, ...body, '}'].join('\n'));
  } else if (result.kind === 'args') {
    uses.helpers.add('expectEnd');
    const reads = result.values.map((value) => decodeExpression(value.type, 'args', uses));
    code.push(
      [
        `function decode$${name}(bytes${ts(': Uint8Array')})${returnType} {`,
        'const args = new Args(bytes);',
        `const value${returnType} = ${reads.length === 1 ? reads[0] : `[${reads.join(', ')}]`};`,
        `expectEnd(args, bytes, ${quote(`the result of ${name}`)});`,
        'return value;',
        '}',
      ].join('\n'),
    );
  }
  return code.join('\n\n');
}
