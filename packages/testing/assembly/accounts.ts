import * as env from './env';

/** The default bottom of the call stack: `account(0)`, funded with 1,000 MAS. */
export const DEFAULT_CALLER = 'AU1pPE9LAzDhEsQtj9CDAtvvw71PJ7Acn3QoGC8FKzJdKcXhXhgY';

/** The default top of the call stack: the contract under test, funded with 10 MAS, no bytecode. */
export const DEFAULT_CONTRACT = 'AS12pdcidoqDM77BWVHmKtnVGREKS7hT5VBHAUzkUzAGTdSe6tH8X';

/** A user account with a real key pair, so its address validates and its signatures verify. */
export class Account {
  constructor(
    readonly index: u32,
    readonly address: string,
    readonly publicKey: string,
  ) {}

  /** Signs `data` as a Massa wallet does (ed25519 over blake3 of the UTF-8 bytes): what `isSignatureValid` checks. */
  sign(data: string): string {
    return env.accountSign(this.index, data);
  }
}

/** Test account `index` (deterministic keys); accounts 0–9 start with 1,000 MAS each. */
export function account(index: u32): Account {
  return new Account(index, env.accountAddress(index), env.accountPublicKey(index));
}
