import { Command } from 'commander';
import { getBlocks, getOperations, getStatus } from '@mason/client';
import { slotTimestamp } from '@mason/codec';
import { blockIdArgument } from '../chainIds.js';
import { CliError } from '../errors.js';
import { latestBlock } from '../latestBlock.js';
import { clientFor, resolveNetwork } from '../network.js';
import { color, field } from '../output.js';

interface BlockOptions {
  network: string;
  json?: boolean;
}

/** `get_operations` takes at most 128 ids a call (the node's max_arguments). */
const IDS_PER_CALL = 128;

export function blockCommand(): Command {
  return new Command('block')
    .description('print a block: status, slot, time, creator, endorsements, parents and operations')
    .argument('<id>', 'a block id (B1…), or latest: the newest block of the blockclique')
    .option('--network <name>', 'local, buildnet, mainnet or a node URL', 'local')
    .option('--json', "print one JSON object: the node's block, its status and its operations")
    .action(async (idText: string, options: BlockOptions) => {
      const network = resolveNetwork(options.network);
      const wanted = idText === 'latest' ? null : blockIdArgument(idText);
      const client = clientFor(network);
      try {
        const id = wanted ?? (await latestBlock(client))?.id;
        if (id === undefined) throw new CliError('MASON_CLI_UNKNOWN_BLOCK', { url: network.url, id: 'latest' });
        const [[info], status] = await Promise.all([getBlocks(client, [id]), getStatus(client)]);
        const content = info?.id === id ? info.content : null;
        if (!content) throw new CliError('MASON_CLI_UNKNOWN_BLOCK', { url: network.url, id });
        const { header, operations } = content.block;
        const ids = operations;
        const infos = [];
        for (let i = 0; i < ids.length; i += IDS_PER_CALL) infos.push(...(await getOperations(client, ids.slice(i, i + IDS_PER_CALL))));
        const byId = new Map(infos.map((entry) => [entry.id, entry]));
        const state = content.is_final
          ? 'final'
          : content.is_discarded
            ? 'discarded'
            : content.is_in_blockclique
              ? 'candidate (in the blockclique)'
              : 'candidate (outside the blockclique)';
        const { slot } = header.content;
        const time = slotTimestamp(slot, { genesisTimestamp: status.config.genesis_timestamp, t0: status.config.t0, threadCount: status.config.thread_count });
        if (options.json) {
          console.log(
            JSON.stringify({
              id,
              isFinal: content.is_final,
              isInBlockclique: content.is_in_blockclique,
              isCandidate: content.is_candidate,
              isDiscarded: content.is_discarded,
              timestamp: time,
              block: content.block,
              operations: ids.map((opId) => {
                const entry = byId.get(opId);
                return { id: opId, from: entry?.operation.content_creator_address ?? null, success: entry?.op_exec_status ?? null };
              }),
            }),
          );
          return;
        }
        console.log(field('block', id));
        console.log(field('status', content.is_final ? color.green(state) : state));
        console.log(field('slot', `period ${slot.period}, thread ${slot.thread}`));
        console.log(field('time', new Date(time).toISOString()));
        console.log(field('creator', header.content_creator_address));
        console.log(field('endorsements', String(header.content.endorsements.length)));
        console.log(field('parents', header.content.parents.length === 0 ? color.dim('none (genesis)') : `${header.content.parents.length} (one per thread)`));
        if (ids.length === 0) {
          console.log(field('operations', color.dim('none')));
          return;
        }
        console.log(field('operations', String(ids.length)));
        for (const opId of ids) {
          const entry = byId.get(opId);
          const outcome =
            entry?.op_exec_status === true ? color.green('success') : entry?.op_exec_status === false ? color.red('failure') : color.dim('not executed');
          const kind = entry ? Object.keys(entry.operation.content.op)[0] : '';
          console.log(`    ${opId}  ${(kind ?? '').padEnd(11)} ${outcome}`);
        }
      } finally {
        await client.close();
      }
    });
}
