import { SectionId, skipConstExpr, WasmReader } from '@mason/wasm';
import { parseWasm } from './parseWasm.js';

/**
 * The contract bytecode a bundled deployer carries (its one passive data segment), or undefined
 * for a module that carries none, e.g. to check what a deployer will create before sending it.
 */
export function embeddedContract(deployer: Uint8Array): Uint8Array | undefined {
  const module = parseWasm(deployer, 'the deployer');
  const section = module.sections.find((candidate) => candidate.id === SectionId.Data);
  if (!section || module.passiveDataSegments !== 1) return undefined;
  const reader = new WasmReader(deployer, section.start, section.end);
  for (let count = reader.u32(); count > 0; count--) {
    const flags = reader.u32();
    if (flags === 1) return reader.take(reader.u32()).slice();
    if (flags === 2) reader.u32();
    skipConstExpr(reader);
    reader.skip(reader.u32());
  }
  return undefined;
}
