import type { LedgerJournal, SlotContext, Vm } from '@mason/vm';
import type { ChainConfig } from '../config.js';
import type { BlockChange, DevnetLedger } from '../ledger/devnetLedger.js';

/** What executing an operation or an async message needs: the candidate ledger and its journal, the VM, the slot. */
export interface ExecutionEnvironment {
  /** The candidate ledger, whose writes `journal` records. */
  ledger: DevnetLedger;
  journal: LedgerJournal<BlockChange>;
  vm: Vm;
  slot: SlotContext;
  config: ChainConfig;
  /** Record each operation's trace (see traces/). */
  trace?: boolean;
}
