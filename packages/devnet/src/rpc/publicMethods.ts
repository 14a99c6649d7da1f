import { byteList, compareBytes, encodeBase58check, type SendOperationInput } from '@mason/codec';
import { ApiError } from '../apiError.js';
import { blockToJson } from '../chain/block.js';
import type { ChainCommands, ChainReader } from '../chainAccess.js';
import type { EventFilter } from '../events/eventStore.js';
import { deferredCallMethods } from '../deferredCalls/deferredCallMethods.js';
import { openRpcDocument } from '../openrpc.js';
import type { ReadOnlyExecutor } from '../readOnly/readOnlyExecutor.js';
import { addressInfoView, blockInfoView, endorsementInfoView, graphIntervalView, operationInfoView } from '../views/chainViews.js';
import { masonStatus } from '../stateControl/masonStatus.js';
import { statusView } from '../views/statusView.js';
import { failureMethods } from './failureMethods.js';
import { RawJson, stringifyJson } from './json.js';
import type { MethodTable } from './jsonRpcServer.js';
import {
  isArray,
  isBool,
  isBytes,
  isObject,
  isSlot,
  isString,
  isU64,
  chainSlot,
  listLimit,
  optionalSlot,
  parseAddress,
  required,
  toSafeNumber,
} from '../requestParams.js';

const MAX_ARGUMENTS = 128;
const MAX_ADDRESSES_DATASTORE_KEYS_QUERY = 50;
const MAX_DATASTORE_KEYS_QUERY = 500;

function addressListLimit(list: unknown[], limit: number): void {
  if (list.length === 0) throw ApiError.badRequest('no arguments specified');
  if (list.length > limit) {
    throw ApiError.badRequest(`too many arguments received. Only a maximum of ${limit} arguments are accepted per request`);
  }
}

function stakers(node: ChainReader): Array<[string, number]> {
  return node.activeRolls(Math.floor(node.currentSlot().period / node.config.periodsPerCycle));
}

/** Methods both the public and the private API serve (reference §1). */
export function sharedMethods(node: ChainReader, readOnly: ReadOnlyExecutor): MethodTable {
  return {
    // Like the node, the requests of one batch run one after the other, each through the queue.
    execute_read_only_bytecode: async (params) => {
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      const results = [];
      for (const request of list) results.push(await readOnly.bytecode(request));
      return results;
    },
    execute_read_only_call: async (params) => {
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      const results = [];
      for (const request of list) results.push(await readOnly.call(request));
      return results;
    },
    get_datastore_entries: (params) =>
      required(params, 0, isArray).map((entry) => {
        if (!isObject(entry) || !isBytes(entry.key)) throw ApiError.invalidParams();
        const address = parseAddress(entry.address);
        const key = Uint8Array.from(entry.key);
        const finalValue = node.finalLedger.getDataEntry(address, key);
        const candidateValue = node.candidateLedger.getDataEntry(address, key);
        return { final_value: finalValue ? byteList(finalValue) : null, candidate_value: candidateValue ? byteList(candidateValue) : null };
      }),
    get_addresses_datastore_keys: (params) => {
      const list = required(params, 0, isArray);
      addressListLimit(list, MAX_ADDRESSES_DATASTORE_KEYS_QUERY);
      return list.map((request) => {
        if (!isObject(request) || !isBool(request.is_final)) throw ApiError.invalidParams();
        const address = parseAddress(request.address);
        const prefix = request.prefix === undefined ? [] : request.prefix;
        if (!isBytes(prefix)) throw ApiError.invalidParams();
        const count = request.count ?? MAX_DATASTORE_KEYS_QUERY;
        if (!isU64(count)) throw ApiError.invalidParams();
        if (count > MAX_DATASTORE_KEYS_QUERY) throw ApiError.badRequest(`count ${count} is above the maximum of ${MAX_DATASTORE_KEYS_QUERY}`);
        const ledger = request.is_final ? node.finalLedger : node.candidateLedger;
        const bound = (name: 'start_key' | 'end_key') => {
          const value = request[name];
          if (value === undefined || value === null) return null;
          if (!isBytes(value)) throw ApiError.invalidParams();
          return Uint8Array.from(value);
        };
        const start = bound('start_key');
        const end = bound('end_key');
        const inclusiveStart = request.inclusive_start_key !== false;
        const inclusiveEnd = request.inclusive_end_key !== false;
        const keys = ledger.getDataKeys(address, Uint8Array.from(prefix)).filter((key) => {
          if (start) {
            const c = compareBytes(key, start);
            if (c < 0 || (c === 0 && !inclusiveStart)) return false;
          }
          if (end) {
            const c = compareBytes(key, end);
            if (c > 0 || (c === 0 && !inclusiveEnd)) return false;
          }
          return true;
        });
        return { address, is_final: request.is_final, keys: keys.slice(0, toSafeNumber(count)).map((k) => byteList(k)) };
      });
    },
    ...deferredCallMethods(node),
  };
}

/** Every method of the node's public API (reference §2.1). */
export function publicMethods(
  node: ChainReader & Pick<ChainCommands, 'submitOperations'>,
  readOnly: ReadOnlyExecutor,
  nodeKey: Uint8Array,
  /** The private API's port once it listens (get_status' `mason.private_port`). */
  privatePort: () => number | undefined = () => undefined,
): MethodTable {
  const nodeId = 'N' + encodeBase58check(nodeKey);
  return {
    ...sharedMethods(node, readOnly),
    ...failureMethods(node, readOnly),
    get_status: () => ({ ...statusView(node, nodeId), ...masonStatus(node, privatePort()) }),
    get_cliques: () => [
      {
        block_ids: [...node.graph.records.values()].filter((r) => !r.isFinal).map((r) => r.block.id),
        fitness: node.graph.totalFitness,
        is_blockclique: true,
      },
    ],
    get_stakers: (params) => {
      const all = stakers(node);
      const page = params[0];
      if (page === undefined || page === null) return all;
      if (!isObject(page) || !isU64(page.limit) || !isU64(page.offset)) throw ApiError.invalidParams();
      const offset = toSafeNumber(page.offset);
      return all.slice(offset, offset + toSafeNumber(page.limit));
    },
    get_operations: (params) => {
      const ids = required(params, 0, isArray);
      listLimit(ids, MAX_ARGUMENTS);
      return ids.flatMap((id) => {
        if (!isString(id)) throw ApiError.invalidParams();
        const record = node.operations.get(id);
        return record ? [operationInfoView(record)] : [];
      });
    },
    get_endorsements: (params) => {
      const ids = required(params, 0, isArray);
      listLimit(ids, MAX_ARGUMENTS);
      return ids.flatMap((id) => {
        if (!isString(id)) throw ApiError.invalidParams();
        const view = endorsementInfoView(node, id);
        return view ? [view] : [];
      });
    },
    get_blocks: (params) =>
      required(params, 0, isArray).flatMap((id) => {
        if (!isString(id)) throw ApiError.invalidParams();
        const view = blockInfoView(node, id);
        return view ? [view] : [];
      }),
    get_blockclique_block_by_slot: (params) => {
      const slot = chainSlot(required(params, 0, isSlot));
      const record = node.graph.atSlot(slot);
      return record ? blockToJson(record.block) : null;
    },
    get_graph_interval: (params) => {
      const range = required(params, 0, isObject);
      const start = range.start ?? null;
      const end = range.end ?? null;
      if ((start !== null && !isU64(start)) || (end !== null && !isU64(end))) throw ApiError.invalidParams();
      return graphIntervalView(node, start === null ? null : toSafeNumber(start), end === null ? null : toSafeNumber(end));
    },
    get_addresses: (params) => {
      // A node does not bound this list (only its 50 MiB body does); the devnet bounds it like its other lists.
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      // One element per address asked for, as the node answers, but each address's info (up to
      // 5,120 endorsement draws for a staker) built and serialized once however often it is repeated.
      const infos = new Map<string, RawJson>();
      return list.map((value) => {
        const address = parseAddress(value);
        let info = infos.get(address);
        if (!info) infos.set(address, (info = new RawJson(stringifyJson(addressInfoView(node, address)))));
        return info;
      });
    },
    get_addresses_bytecode: (params) => {
      const list = required(params, 0, isArray);
      addressListLimit(list, MAX_ARGUMENTS);
      return list.map((request) => {
        if (!isObject(request) || !isBool(request.is_final)) throw ApiError.invalidParams();
        const address = parseAddress(request.address);
        const ledger = request.is_final ? node.finalLedger : node.candidateLedger;
        return byteList(ledger.getBytecode(address) ?? new Uint8Array());
      });
    },
    get_slots_transfers: () => {
      throw ApiError.badRequest('feature execution-trace is not enabled');
    },
    send_operations: (params) => {
      const list = required(params, 0, isArray);
      listLimit(list, MAX_ARGUMENTS);
      const inputs = list.map((input) => {
        if (!isObject(input) || !isString(input.creator_public_key) || !isString(input.signature) || !isBytes(input.serialized_content)) {
          throw ApiError.invalidParams();
        }
        return input as unknown as SendOperationInput;
      });
      return node.submitOperations(inputs);
    },
    get_filtered_sc_output_event: (params) => {
      const filter = required(params, 0, isObject);
      const text = (name: string) => {
        const value = filter[name];
        if (value === undefined || value === null) return null;
        if (!isString(value)) throw ApiError.invalidParams();
        return value;
      };
      const flag = (name: string) => {
        const value = filter[name];
        if (value === undefined || value === null) return null;
        if (!isBool(value)) throw ApiError.invalidParams();
        return value;
      };
      const query: EventFilter = {
        start: optionalSlot(filter.start),
        end: optionalSlot(filter.end),
        emitter_address: text('emitter_address'),
        original_caller_address: text('original_caller_address'),
        original_operation_id: text('original_operation_id'),
        is_final: flag('is_final'),
        is_error: flag('is_error'),
      };
      return node.events.query(query);
    },
    'rpc.discover': () => openRpcDocument(node.config.version),
  };
}
