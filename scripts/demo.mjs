// The main job, as far as it exists today: an account, a signed operation, decoded and verified,
// and an Args round trip. It grows into scaffold → build → test → devnet → deploy → call → events.
import {
  Args,
  SecretKey,
  deserializeOperationContent,
  formatMas,
  operationContentToJson,
  parseMas,
  signOperation,
  toSendOperationInput,
  verifyOperationInput,
} from '@mason/codec';

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : String(text));
const bold = paint(1);
const dim = paint(2);
const green = paint(32);
const step = (n, title) => console.log(`\n${bold(`${n}.`)} ${bold(title)}`);
const field = (name, value) => console.log(`   ${dim(name.padEnd(16))} ${value}`);

console.log(bold('Mason demo') + dim(' — Massa smart-contract toolkit'));

step(1, 'Create an account');
const alice = SecretKey.generate();
const bob = SecretKey.generate();
field('address', alice.publicKey.address().toString());
field('public key', alice.publicKey.toString());
field('thread', alice.publicKey.address().thread());
field('secret key', `${alice} ${dim('(never printed; reveal() exports it)')}`);

step(2, 'Sign a transfer of 1.5 MAS for chain 77 (devnet)');
const chainId = 77n;
const signed = signOperation(
  { fee: parseMas('0.01'), expirePeriod: 1009, op: { type: 'Transaction', recipient: bob.publicKey.address().toString(), amount: parseMas('1.5') } },
  alice,
  chainId,
);
field('operation id', signed.id);
field('content bytes', `${signed.contentBytes.length} bytes`);
field('signature', `${signed.signature.toString().slice(0, 24)}…`);

step(3, 'Decode and verify it as a node would');
const input = toSendOperationInput(signed);
const verified = verifyOperationInput(input, chainId);
const decoded = deserializeOperationContent(Uint8Array.from(input.serialized_content));
field('same id', verified.id === signed.id ? green('yes') : 'NO');
field('creator', verified.creator.toString());
field('JSON content', JSON.stringify(operationContentToJson(decoded)));
field('amount', `${formatMas(decoded.op.amount)} MAS`);

step(4, 'Args round trip (the bytes a contract receives)');
const param = new Args().addI32(2).addI32(3).addString('sum').serialize();
const read = new Args(param);
field('bytes', `[${[...param].join(', ')}]`);
field('decoded', `${read.nextI32()}, ${read.nextI32()}, "${read.nextString()}"`);

console.log(`\n${green('✔')} demo finished`);
