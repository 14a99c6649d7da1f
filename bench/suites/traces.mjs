// The cost of recording execution traces (on by default on the devnet): the same CallSC run, with
// the devnet settings of "finalized CallSC throughput", traced and with --no-traces.
import { callThroughput } from './contracts.mjs';

export async function traceOverhead({ operations = 2000 } = {}) {
  const [untraced] = await callThroughput({ operations, nodeArgs: ['--no-traces'] });
  const [traced] = await callThroughput({ operations });
  return [
    {
      name: 'CallSC throughput with traces',
      value: traced.value,
      unit: 'ops/s',
      anchor: 'same run, --no-traces',
      anchorValue: untraced.value,
      ratio: traced.value / untraced.value,
      target: '≥ 0.75× of untraced',
      errors: traced.errors + untraced.errors,
    },
  ];
}
