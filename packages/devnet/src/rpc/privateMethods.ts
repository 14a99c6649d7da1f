import { SecretKey } from '@mason/codec';
import { ApiError } from '../apiError.js';
import type { ChainCommands, ChainReader } from '../chainAccess.js';
import type { ReadOnlyExecutor } from '../readOnly/readOnlyExecutor.js';
import type { MethodTable } from './jsonRpcServer.js';
import { isArray, isBytes, isString, required } from '../requestParams.js';
import { sharedMethods } from './publicMethods.js';

const PEER_LIST_METHODS = [
  'node_ban_by_ip',
  'node_ban_by_id',
  'node_unban_by_ip',
  'node_unban_by_id',
  'node_add_to_peers_whitelist',
  'node_remove_from_peers_whitelist',
  'node_add_to_bootstrap_whitelist',
  'node_remove_from_bootstrap_whitelist',
  'node_add_to_bootstrap_blacklist',
  'node_remove_from_bootstrap_blacklist',
] as const;

/**
 * The private API (loopback only). A devnet has no peers: the peer and bootstrap list methods
 * validate their argument and keep the lists, which only affect what the list getters return.
 */
export function privateMethods(node: ChainReader & ChainCommands, readOnly: ReadOnlyExecutor, nodeKey: SecretKey, stop: () => void): MethodTable {
  const lists = { peers: new Set<string>(), bootstrapWhite: new Set<string>(), bootstrapBlack: new Set<string>(), banned: new Set<string>() };
  const listFor = (method: string) =>
    method.includes('bootstrap_whitelist')
      ? lists.bootstrapWhite
      : method.includes('bootstrap_blacklist')
        ? lists.bootstrapBlack
        : method.includes('ban')
          ? lists.banned
          : lists.peers;
  const peerMethods: MethodTable = {};
  for (const method of PEER_LIST_METHODS) {
    peerMethods[method] = (params) => {
      const items = required(params, 0, isArray);
      if (!items.every(isString)) throw ApiError.invalidParams();
      const list = listFor(method);
      for (const item of items) method.includes('remove') || method.includes('unban') ? list.delete(item) : list.add(item);
      return null;
    };
  }
  return {
    ...sharedMethods(node, readOnly),
    ...peerMethods,
    stop_node: () => {
      setImmediate(stop);
      return null;
    },
    // Mason's own (anvil's evm_mine / evm_increaseTime): time passes by this many slots at once.
    mason_advance_slots: async (params) => {
      const count = required(params, 0, (value): value is number => typeof value === 'number');
      try {
        return { last_slot: await node.advanceSlots(count) };
      } catch (error) {
        if (error instanceof RangeError) throw ApiError.invalidParams(`Invalid params: ${error.message}`);
        throw error;
      }
    },
    node_sign_message: (params) => {
      const message = required(params, 0, isBytes);
      const signature = nodeKey.sign(Uint8Array.from(message));
      return { public_key: nodeKey.publicKey.toString(), signature: signature.toString() };
    },
    add_staking_secret_keys: (params) => {
      const keys = required(params, 0, isArray);
      const parsed = keys.map((key) => {
        try {
          return SecretKey.fromString(String(key));
        } catch (error) {
          throw ApiError.invalidParams(`Invalid params: ${(error as Error).message}`);
        }
      });
      for (const key of parsed) node.addStaker(key);
      return null;
    },
    remove_staking_addresses: (params) => {
      const addresses = required(params, 0, isArray);
      for (const address of addresses) node.removeStaker(String(address));
      return null;
    },
    get_staking_addresses: () => node.stakers.map((s) => s.publicKey.address().toString()),
    node_peers_whitelist: () => [...lists.peers],
    node_bootstrap_whitelist: () => [...lists.bootstrapWhite],
    node_bootstrap_blacklist: () => [...lists.bootstrapBlack],
    node_bootstrap_whitelist_allow_all: () => {
      lists.bootstrapWhite.clear();
      return null;
    },
  };
}
