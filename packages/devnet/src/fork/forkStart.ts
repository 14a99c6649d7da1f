import { slotTimestamp } from '@mason/codec';
import type { ChainConfig } from '../config.js';
import type { DevnetNode } from '../devnetNode.js';
import type { ForkOptions, ForkPoint } from './connectFork.js';
import { ForkError } from './ForkError.js';
import { genesisKey } from '../accounts.js';
import { remoteAccountsFor } from './remoteAccountsFor.js';

interface ForkedDevnetOptions {
  fork?: ForkOptions;
  chainId?: bigint;
  t0?: number;
  genesisTimestamp?: number;
  mainnetTiming?: boolean;
  dataDir?: string | null;
  loadState?: string;
}

/** The steps of startDevnet that fork mode changes, in the order it takes them. */
export const forkStart = {
  /** The options fork mode decides itself (the remote's chain) or cannot keep (a data directory). */
  check(options: ForkedDevnetOptions): ForkOptions {
    const taken = (['chainId', 't0', 'genesisTimestamp', 'mainnetTiming'] as const).find((name) =>
      name === 'mainnetTiming' ? options.mainnetTiming === true : options[name] !== undefined,
    );
    if (taken) throw new ForkError('MASON_DEVNET_FORK_OPTION_CONFLICT', { option: taken, reason: "the forked chain's own value is used" });
    if (options.dataDir) {
      throw new ForkError('MASON_DEVNET_FORK_OPTION_CONFLICT', {
        option: 'dataDir',
        reason: "a fork reads the remote state again at each start; keep a fork's state with --dump-state / --load-state instead",
      });
    }
    return options.fork!;
  },

  /** What the chain's configuration takes from the remote. */
  config(fork: ForkPoint): Partial<ChainConfig> {
    return {
      periodsPerCycle: fork.periodsPerCycle,
      fork: { url: fork.url, timeoutMs: fork.timeoutMs, period: fork.period },
    };
  },

  /**
   * Before the genesis state: the accounts it sets read in one go (they are set on top of the
   * remote's; read now, a worker's snapshot has them), and the clock past the fork period (the remote's final slots are this chain's genesis).
   */
  prepare(node: DevnetNode, fork: ForkPoint, accounts: string[]): void {
    // The genesis blocks' creator too: blocks credit it for their endorsed parents.
    const genesisCreator = genesisKey().publicKey.address().toString();
    remoteAccountsFor(node.config.fork!).prefetch([...accounts, genesisCreator]);
    // Kept in the ledgers (an empty entry if the remote has none), so that no execution worker
    // needs the remote for it: block production goes on if the remote goes away.
    for (const ledger of [node.finalLedger, node.candidateLedger]) {
      if (!ledger.hasEntry(genesisCreator)) ledger.apply({ kind: 'create', address: genesisCreator });
    }
    node.advanceClockTo(slotTimestamp({ period: fork.period + 1, thread: 0 }, node.timing()));
  },
};
