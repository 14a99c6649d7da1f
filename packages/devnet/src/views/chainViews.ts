import {
  byteList,
  Address,
  formatMas,
  operationContentToJson,
  slotTimestamp,
  type AddressInfo,
  type BlockInfo,
  type EndorsementInfo,
  type GraphIntervalBlock,
  type OperationInfo,
  type SecureShareOperation,
  type Slot,
} from '@mason/codec';
import { blockToJson, endorsementToJson } from '../chain/block.js';
import { operationStatusFields, type OperationRecord } from '../chain/operationRecord.js';
import type { ChainReader } from '../chainAccess.js';

const DRAW_LOOKAHEAD_PERIODS = 10;

/** SecureShareOperation JSON: the `operation` of get_operations and the new_operations payload. */
export function secureShareOperationJson(record: OperationRecord): SecureShareOperation {
  const { signed } = record;
  return {
    content: operationContentToJson(signed.content),
    signature: signed.signature.toString(),
    content_creator_pub_key: signed.publicKey.toString(),
    content_creator_address: signed.creator.toString(),
    id: signed.id,
  };
}

export function operationInfoView(record: OperationRecord): OperationInfo {
  const status = operationStatusFields(record);
  return {
    id: record.signed.id,
    in_pool: record.inPool,
    in_blocks: record.inBlocks,
    is_operation_final: status.is_operation_final,
    thread: record.thread,
    op_exec_status: status.op_exec_status,
    operation: secureShareOperationJson(record),
    // Mason's extension: the node does not say what an operation used; web3 ignores unknown fields.
    ...(record.gasUsed !== undefined && { gas_used: Number(record.gasUsed) }),
  };
}

export function blockInfoView(node: ChainReader, id: string): BlockInfo | null {
  const record = node.graph.get(id);
  if (!record) return null;
  return {
    id,
    content: { is_final: record.isFinal, is_in_blockclique: true, is_candidate: !record.isFinal, is_discarded: false, block: blockToJson(record.block) },
  };
}

export function endorsementInfoView(node: ChainReader, id: string): EndorsementInfo | null {
  const entry = node.endorsements.get(id);
  if (!entry) return null;
  return {
    id,
    in_pool: false,
    in_blocks: [entry.blockId],
    is_final: node.graph.get(entry.blockId)?.isFinal ?? false,
    endorsement: endorsementToJson(entry.endorsement),
  };
}

function datastoreKeys(node: ChainReader, address: string, final: boolean): number[][] {
  const ledger = final ? node.finalLedger : node.candidateLedger;
  return ledger.getDataKeys(address, new Uint8Array()).map((k) => byteList(k));
}

function stakerDraws(node: ChainReader, address: string) {
  const isStaker = node.stakers.some((s) => s.publicKey.address().toString() === address);
  if (!isStaker) return { blocks: [] as Slot[], endorsements: [] as Array<{ slot: Slot; index: number }> };
  // Every slot of the lookahead window is drawn to the devnet's stakers, round-robin.
  const current = node.currentSlot();
  const blocks: Slot[] = [];
  const endorsements: Array<{ slot: Slot; index: number }> = [];
  const n = node.stakers.length;
  const mine = node.stakers.findIndex((s) => s.publicKey.address().toString() === address);
  for (let period = current.period + 1; period <= current.period + DRAW_LOOKAHEAD_PERIODS; period++) {
    for (let thread = 0; thread < node.config.threadCount; thread++) {
      const base = period * node.config.threadCount + thread;
      if (base % n === mine) blocks.push({ period, thread });
      for (let index = 0; index < node.config.endorsementCount; index++)
        if ((base + index) % n === mine) endorsements.push({ slot: { period, thread }, index });
    }
  }
  return { blocks, endorsements };
}

/** Blocks are recorded in slot order, so the current cycle's are at the end: no scan of the whole history. */
function blocksProducedInCycle(node: ChainReader, address: string, cycle: number): number {
  const blocks = node.createdBlocks.get(address) ?? [];
  let count = 0;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const slot = node.graph.get(blocks[i]!)?.block.slot;
    if (!slot || Math.floor(slot.period / node.config.periodsPerCycle) < cycle) break;
    if (Math.floor(slot.period / node.config.periodsPerCycle) === cycle) count++;
  }
  return count;
}

/** get_addresses element (reference §17.2). */
export function addressInfoView(node: ChainReader, address: string): AddressInfo {
  const parsed = Address.fromString(address);
  const draws = stakerDraws(node, address);
  const credits = [...(node.candidateLedger.deferredCredits.get(address) ?? new Map<string, bigint>())].map(([key, amount]) => {
    const [period, thread] = key.split(':').map(Number) as [number, number];
    return { slot: { period, thread }, amount: formatMas(amount) };
  });
  const currentCycle = Math.floor(node.currentSlot().period / node.config.periodsPerCycle);
  const produced = blocksProducedInCycle(node, address, currentCycle);
  return {
    address,
    thread: parsed.isUser ? parsed.thread(node.config.threadCount) : 0,
    final_balance: formatMas(node.finalLedger.balance(address)),
    final_roll_count: node.finalLedger.rollCount(address),
    final_datastore_keys: datastoreKeys(node, address, true),
    candidate_balance: formatMas(node.candidateLedger.balance(address)),
    candidate_roll_count: node.candidateLedger.rollCount(address),
    candidate_datastore_keys: datastoreKeys(node, address, false),
    deferred_credits: credits,
    next_block_draws: draws.blocks,
    next_endorsement_draws: draws.endorsements,
    created_blocks: node.createdBlocks.get(address) ?? [],
    created_operations: node.createdOperations.get(address) ?? [],
    created_endorsements: [...node.endorsements.createdBy(address)],
    cycle_infos:
      draws.blocks.length > 0 || produced > 0
        ? [
            {
              cycle: currentCycle,
              is_final: false,
              ok_count: produced,
              nok_count: 0,
              active_rolls: node.activeRolls(currentCycle).find(([a]) => a === address)?.[1] ?? null,
            },
          ]
        : [],
  };
}

export function graphIntervalView(node: ChainReader, start: number | null, end: number | null): GraphIntervalBlock[] {
  const out: GraphIntervalBlock[] = [];
  const timing = node.timing();
  for (const record of node.graph.records.values()) {
    const at = slotTimestamp(record.block.slot, timing);
    if (start !== null && at < start) continue;
    if (end !== null && at >= end) continue;
    out.push({
      id: record.block.id,
      is_final: record.isFinal,
      is_stale: false,
      is_in_blockclique: true,
      slot: record.block.slot,
      creator: record.block.creatorAddress,
      parents: record.block.parents,
    });
  }
  return out;
}
