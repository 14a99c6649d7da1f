import { blake3, encodeOperationId, MAS } from '@mason/codec';

/** `account(0)`: the default transaction creator (bottom of the call stack). */
export const DEFAULT_CALLER = 'AU1pPE9LAzDhEsQtj9CDAtvvw71PJ7Acn3QoGC8FKzJdKcXhXhgY';
/** The contract under test (top of the call stack): blake3("mason-testing contract") as an SC address. */
export const DEFAULT_CONTRACT = 'AS12pdcidoqDM77BWVHmKtnVGREKS7hT5VBHAUzkUzAGTdSe6tH8X';

/**
 * Addresses of accounts 0–9 (`testAccount(i)`), which start with ACCOUNT_BALANCE. Written out so
 * that a test run derives keys only for the accounts a spec signs with.
 */
export const FUNDED_ACCOUNTS = [
  'AU1pPE9LAzDhEsQtj9CDAtvvw71PJ7Acn3QoGC8FKzJdKcXhXhgY',
  'AU13KbR1i4L84k8oaid1DQ7Zr1o5gdvG8xJR6DegYSTaXVGrsd3S',
  'AU13HtAAZq5AfNsddG4c5YSs1G3PR6PyuHzVA3Qf2DZxmJ6ENGxo',
  'AU1EuC6sSXiG5im6Pu96JdrEiiYcPNyJTdH3SyDTXcP75JJN5osw',
  'AU12pqJtQPxhofAAhgi6LhYf243dTZjatQ3i2ZMhLtnpbaTkyanB3',
  'AU1CQN2FPo7SLdfyZPSqpmYhMsoq6hvGcqfNPXdbx3Dpsu9qyL2W',
  'AU12tEjhuoM1hE95y9uxxZ2TLHpgyogZyVNnUefJVtFgn8CyWQ4Yc',
  'AU1sntEUQsWLJLSNacLhk77gffaD3FmD9BUK7UXFaYuEBfeRMbX',
  'AU12dGB6bwqGFeoVwFovYCQBq9Tua1parSomtGo1cBASRrMA7qTZw',
  'AU1Qtbuxak5e6q2NNBVJY1NW6d5LXeSkcsAtYgFER5uT3Do6fJUV',
] as const;
export const ACCOUNT_BALANCE = 1_000n * MAS;
/** Enough for the storage the code under test writes; set it to 0 to test a contract that cannot pay. */
export const CONTRACT_BALANCE = 10n * MAS;

/** The devnet's chain id. */
export const DEFAULT_CHAIN_ID = 77n;
export const DEFAULT_SLOT = { period: 1, thread: 0 };
/** 2023-11-14T22:13:20Z: fixed, so tests do not depend on the clock. */
export const DEFAULT_TIMESTAMP = 1_700_000_000_000;
/** A test is one operation: it may use what an ExecuteSC may (web3's MAX_GAS_EXECUTE). */
export const DEFAULT_GAS = 3_980_167_295n;
/** The operation every test runs in (`Context.originOperationId()`, events' `origin_operation_id`). */
export const DEFAULT_OPERATION_ID = encodeOperationId(blake3(new TextEncoder().encode('mason-testing operation')));
/** Gas limit of each CallSC the gas report measures: the most a CallSC may have (web3's MAX_GAS_CALL). */
export const GAS_REPORT_MAX_GAS = 4_294_167_295n;
