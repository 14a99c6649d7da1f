import { MAS } from '@mason/codec';
import { keccak_256 } from '@noble/hashes/sha3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALL_GAS, CONTEXT, deployerDatastore, MAX_GAS, SENDER, world, type World } from './helpers/fixtures.js';
import { compileContract } from './helpers/compileContract.js';

// The EVM host functions (secp256k1, loaded at their first call) with the vectors of
// massa-as-sdk's own vm-mock spec: a signature of "Hello World", its signer's key.

const hex = (text: string) => Uint8Array.from(Buffer.from(text, 'hex'));
const SIGNATURE = hex('1617966ef37eaff4312132243df65cfb66ccda057e996b586f910d6eb422787453b0a8465be9716493650d6706bc84efe85a5d76a0111c89d0cdf8ba57e510571c');
const PUBLIC_KEY = hex('ae04a0fb4545138d22ed46eee76e683c50412ffb8cb02ee8fa5a5c8eec35f72dc076cb1b7468f8cacf136a7e0609b31ed580746d8efc659a993ccd695d6387ff');
const DIGEST = hex('a1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2');
const DATA = new TextEncoder().encode('Hello World');

let w: World;
let evm: string;

beforeAll(async () => {
  w = await world();
  const bytecode = await compileContract('evm');
  const deployed = w.vm.executeSC({
    bytecode: w.code.deployer,
    caller: SENDER,
    maxGas: MAX_GAS,
    datastore: deployerDatastore([{ bytecode, args: new Uint8Array(), coins: MAS / 10n }]),
    context: CONTEXT,
  });
  if (!deployed.ok) throw new Error(`deploy failed: ${deployed.error?.nodeMessage}`);
  evm = deployed.createdAddresses[0]!;
}, 60_000);

function call(func: string, ...parts: Uint8Array[]) {
  const param = Uint8Array.from(parts.flatMap((part) => [...part]));
  return w.vm.readOnlyCall({ target: evm, function: func, param, maxGas: CALL_GAS, context: CONTEXT });
}

describe('EVM host functions', () => {
  it('verifies an Ethereum-signed message, and not a changed one', () => {
    expect(call('verify', SIGNATURE, PUBLIC_KEY, DATA)).toMatchObject({ ok: true, returnValue: Uint8Array.of(1) });
    expect(call('verify', SIGNATURE, PUBLIC_KEY, new TextEncoder().encode('Hello world'))).toMatchObject({ ok: true, returnValue: Uint8Array.of(0) });
  });

  it("recovers the signer's public key from the digest and the signature", () => {
    expect(call('recover', DIGEST, SIGNATURE)).toMatchObject({ ok: true, returnValue: Uint8Array.of(4, ...PUBLIC_KEY) });
  });

  it('gives the Ethereum address of a public key: the last 20 bytes of its keccak256', () => {
    expect(call('address', PUBLIC_KEY)).toMatchObject({ ok: true, returnValue: keccak_256(PUBLIC_KEY).subarray(12) });
  });

  it('fails the call on a malformed signature, with the node message', () => {
    const result = call('recover', DIGEST, SIGNATURE.subarray(0, 64));
    expect(result.ok).toBe(false);
    expect(result.error?.nodeMessage).toContain('invalid signature length in evm_get_pubkey_from_signature');
  });

  // interface_impl.rs passes libsecp256k1 0.7's texts on (core/src/error.rs: "Invalid input length",
  // "Invalid public key", "Invalid signature", "Invalid recovery ID"), checked in the node's order.
  it('fails with the node texts on keys, signatures and recovery ids it refuses', () => {
    const failure = (result: ReturnType<typeof call>) => {
      expect(result.ok).toBe(false);
      return result.error!.nodeMessage;
    };
    const withV = (v: number) => Uint8Array.of(...SIGNATURE.subarray(0, 64), v);
    expect(failure(call('address', PUBLIC_KEY.subarray(0, 10)))).toMatch(/Runtime error: Invalid input length$/);
    expect(failure(call('address', new Uint8Array(64)))).toMatch(/Runtime error: Invalid public key$/);
    // v must be 27 or 28 (0 and 1 are refused by RecoveryId::parse_rpc).
    expect(failure(call('recover', DIGEST, withV(0)))).toMatch(/Runtime error: Invalid recovery ID$/);
    expect(failure(call('recover', DIGEST, withV(29)))).toMatch(
      /Runtime error: invalid recovery id value \(v = \{recovery_id_\}\) in evm_get_pubkey_from_signature$/,
    );
    expect(failure(call('verify', withV(31), PUBLIC_KEY, DATA))).toMatch(/Runtime error: Invalid recovery ID$/);
    expect(failure(call('verify', withV(30), PUBLIC_KEY, DATA))).toMatch(
      /Runtime error: invalid recovery id value \(v = \{recovery_id\}\) in evm_signature_verify$/,
    );
    // r at or above the curve order.
    expect(failure(call('recover', DIGEST, Uint8Array.of(...new Uint8Array(32).fill(0xff), ...SIGNATURE.subarray(32))))).toMatch(
      /Runtime error: Invalid signature$/,
    );
    // A high s is checked before the recovery id when recovering (after it when verifying).
    const highS = Uint8Array.of(...SIGNATURE.subarray(0, 32), ...hex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140'), 0);
    expect(failure(call('recover', DIGEST, highS))).toMatch(/High-Order s Value are prohibited in evm_get_pubkey_from_signature$/);
    expect(failure(call('verify', highS, PUBLIC_KEY, DATA))).toMatch(/Runtime error: Invalid recovery ID$/);
  });
});
