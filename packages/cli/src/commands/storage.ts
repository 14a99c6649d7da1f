import { Command } from 'commander';
import { getAddressesDatastoreKeys, getDatastoreEntries, type Client, type DatastoreEntryOutput } from '@mason/client';
import { byteList, toHex } from '@mason/codec';
import { printableText } from '@mason/codec/base';
import { resolveContract } from '../contractTarget.js';
import { bytesText, keyArgument } from '../datastoreKey.js';
import { decodeReturn, returnType, RETURN_TYPES, type ReturnType } from '../decodeReturn.js';
import { CliError } from '../errors.js';
import { clientFor, resolveNetwork } from '../network.js';
import { color, field } from '../output.js';

interface StorageOptions {
  prefix?: string;
  returns?: ReturnType;
  final?: boolean;
  network: string;
  json?: boolean;
}

/** Keys a node returns for one request (`max_datastore_keys_query`), and values read a call. */
const KEYS_PER_PAGE = 500;
const VALUES_PER_CALL = 128;
/** Longest value shown beside its key in a listing. */
const PREVIEW = 60;

async function allKeys(client: Client, address: string, prefix: Uint8Array, final: boolean): Promise<Uint8Array[]> {
  const keys: Uint8Array[] = [];
  let after: number[] | null = null;
  for (;;) {
    const [page] = await getAddressesDatastoreKeys(client, [
      { address, prefix: byteList(prefix), is_final: final, count: KEYS_PER_PAGE, ...(after && { start_key: after, inclusive_start_key: false }) },
    ]);
    const found = page?.keys ?? [];
    keys.push(...found.map((key) => Uint8Array.from(key)));
    if (found.length < KEYS_PER_PAGE) return keys;
    after = found[found.length - 1]!;
  }
}

const preview = (value: number[] | null) => {
  if (value === null) return color.dim('(none)');
  const text = bytesText(Uint8Array.from(value));
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}… (${value.length} bytes)` : text;
};

function valueText(bytes: Uint8Array, type: ReturnType | undefined): { text: string; json: string | number | boolean | null } {
  if (type) {
    const decoded = decodeReturn(bytes, type);
    return { text: decoded.text, json: decoded.json };
  }
  const text = printableText(bytes);
  return text !== null ? { text: `"${text}"`, json: text } : { text: `0x${toHex(bytes)}`, json: null };
}

export function storageCommand(): Command {
  return new Command('storage')
    .description("list the datastore keys of an address (with their values), or print one key's value decoded")
    .argument('<address>', 'an address (AS… or AU…), or a contract name from deployments/<network>.json')
    .argument('[key]', 'the key to read: text, or bytes in hex after 0x')
    .option('--prefix <prefix>', 'list only the keys starting with it (text, or hex after 0x)')
    .option('--returns <type>', `decode the value: ${RETURN_TYPES.join('|')}`, returnType)
    .option('--final', 'read the final state (default: the candidate state, with operations executed but not final yet)')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', 'print one JSON object')
    .action(async (target: string, keyText: string | undefined, options: StorageOptions) => {
      const network = resolveNetwork(options.network);
      const key = keyText === undefined ? undefined : keyArgument(keyText);
      const prefix = options.prefix === undefined ? new Uint8Array(0) : keyArgument(options.prefix);
      const { address } = resolveContract(target, network, 'storage');
      const final = options.final === true;
      const client = clientFor(network);
      try {
        if (key) {
          const [entry] = await getDatastoreEntries(client, [{ address, key: byteList(key) }]);
          const raw = final ? entry?.final_value : entry?.candidate_value;
          if (raw === null || raw === undefined) {
            const keys = await allKeys(client, address, new Uint8Array(0), final);
            const shown = keys.slice(0, 10).map(bytesText).join(', ');
            throw new CliError('MASON_CLI_NO_SUCH_KEY', {
              address,
              key: bytesText(key),
              network: network.name,
              target,
              keys: keys.length === 0 ? 'it has none' : `its keys: ${shown}${keys.length > 10 ? `, … ${keys.length} in all` : ''}`,
            });
          }
          const bytes = Uint8Array.from(raw);
          const value = valueText(bytes, options.returns);
          if (options.json) {
            console.log(JSON.stringify({ address, key: bytesText(key), hex: toHex(bytes), returns: options.returns ?? null, value: value.json, final }));
            return;
          }
          console.log(field('value', color.bold(value.text)));
          const other = final ? entry?.candidate_value : entry?.final_value;
          if (!final && (other === null || other === undefined || toHex(Uint8Array.from(other)) !== toHex(bytes))) {
            console.log(field('final', other ? valueText(Uint8Array.from(other), undefined).text : color.dim('(not set)')));
          }
          return;
        }
        const keys = await allKeys(client, address, prefix, final);
        const values: DatastoreEntryOutput[] = [];
        for (let i = 0; i < keys.length; i += VALUES_PER_CALL) {
          values.push(
            ...(await getDatastoreEntries(
              client,
              keys.slice(i, i + VALUES_PER_CALL).map((k) => ({ address, key: byteList(k) })),
            )),
          );
        }
        const entryValue = (i: number) => (final ? values[i]?.final_value : values[i]?.candidate_value) ?? null;
        if (options.json) {
          console.log(
            JSON.stringify({
              address,
              final,
              entries: keys.map((k, i) => {
                const v = entryValue(i);
                return { key: bytesText(k), keyHex: toHex(k), valueHex: v === null ? null : toHex(Uint8Array.from(v)) };
              }),
            }),
          );
          return;
        }
        if (keys.length === 0) {
          console.log(color.dim(`  no keys${options.prefix !== undefined ? ` starting with ${options.prefix}` : ''}`));
          return;
        }
        const width = Math.min(40, Math.max(...keys.map((k) => bytesText(k).length)));
        for (const [i, k] of keys.entries()) console.log(`  ${bytesText(k).padEnd(width)}  ${preview(entryValue(i))}`);
        console.log(color.dim(`  ${keys.length} key(s)`));
      } finally {
        await client.close();
      }
    });
}
