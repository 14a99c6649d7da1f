import { spread, ts } from './codeText.js';
import type { TsTarget } from './TsTarget.js';
import { optionsInterface, READ_FIELDS, readMethod, typeImport, WAIT_OPTION, WRITE_FIELDS } from './tsTargetCode.js';

/** Bindings over `@mason/client`: a `Client` and an `Account`; deployed with Mason's bundled deployer. */
export const MASON_TARGET: TsTarget = {
  library: '@mason/client',

  imports(uses, language) {
    const type = (name: string) => typeImport(name, language);
    const codecError = uses.helpers.has('expectLength') || uses.helpers.has('expectEnd') ? ['CodecError'] : [];
    return [
      `import { ${[...type('Account'), ...type('Client'), 'ClientError', 'callSC', 'executeSC', ...type('Operation'), 'readOnlyCall'].join(', ')} } from '@mason/client';`,
      `import { ${['Args', ...codecError, 'deployerDatastore'].join(', ')} } from '@mason/codec';`,
      "import { contractStorageCost, DeployError, findDeployedAddress } from '@mason/deployer';",
    ].join('\n');
  },

  optionTypes: (contract) =>
    ts(
      [
        ...optionsInterface('Options of a read-only call.', 'ReadOptions', [
          '/** Who calls (default: the account the contract was opened with, else a placeholder address). */',
          'caller?: string;',
          '/** nanoMAS sent with the call. */',
          'coins?: bigint;',
          'fee?: bigint;',
          'maxGas?: bigint;',
        ]),
        ...optionsInterface('Options of a CallSC operation.', 'WriteOptions', [
          '/** Who signs (default: the account the contract was opened with). */',
          'account?: Account;',
          '/** nanoMAS sent to the contract with the call. */',
          'coins?: bigint;',
          "/** nanoMAS; default and minimum: the node's minimal fee. */",
          'fee?: bigint;',
          '/** Default: estimated by a read-only call (+20 %). */',
          'maxGas?: bigint;',
          'periodToLive?: number;',
          ...WAIT_OPTION,
        ]),
        ...optionsInterface('Options of the deployment.', 'DeployOptions', [
          '/** nanoMAS given to the constructor. */',
          'coins?: bigint;',
          'fee?: bigint;',
          "/** Default: the deployment's dry run + 20 %. */",
          'maxGas?: bigint;',
          'periodToLive?: number;',
          '/** How long to wait for finality (default 120 s). */',
          'timeoutMs?: number;',
        ]),
        ...optionsInterface(
          `What \`mason build\` wrote for ${contract}: build/${contract}.deployer.wasm (what is sent) and build/${contract}.wasm (its size sets the storage cost).`,
          'Bytecode',
          ['deployer: Uint8Array;', 'wasm: Uint8Array;'],
        ),
      ].join('\n'),
    ),

  deploy: (contract, className, { params, args, what }) =>
    [
      `/** Deploys ${contract} (${what}) with Mason's bundled deployer, waits until it is final and opens it as \`account\`. */`,
      `export async function deploy(client${ts(': Client')}, account${ts(': Account')}, bytecode${ts(': Bytecode')}, ${params}options${ts(': DeployOptions')} = {})${ts(`: Promise<${className}>`)} {`,
      'const coins = options.coins ?? 0n;',
      'const operation = await executeSC(client, account, {',
      'bytecode: bytecode.deployer,',
      `datastore: deployerDatastore([{ args: ${args}, coins }]),`,
      'maxCoins: contractStorageCost(bytecode.wasm.length) + coins,',
      ...spread('options', ['fee', 'maxGas', 'periodToLive']),
      '});',
      'const result = await operation.waitFinal(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });',
      "if (result.stage === 'expired') throw new DeployError('MASON_DEPLOY_EXPIRED', { operationId: operation.id, expirePeriod: operation.expirePeriod });",
      "if (result.stage !== 'final') {",
      "throw new DeployError('MASON_DEPLOY_TIMEOUT', { operationId: operation.id, stage: 'final', timeoutMs: options.timeoutMs ?? 120_000, status: result.status });",
      '}',
      'const events = await operation.events({ final: true });',
      "if (result.status !== 'FinalSuccess') throw new DeployError('MASON_DEPLOY_FAILED', { error: events.at(-1)?.data ?? result.status });",
      'const address = findDeployedAddress(events, account.address.toString());',
      "if (!address) throw new DeployError('MASON_DEPLOY_ADDRESS_NOT_FOUND', { operationId: operation.id });",
      `return new ${className}(client, address, account);`,
      '}',
    ].join('\n'),

  classFields: [
    ts('readonly client: Client;'),
    ts('readonly address: string;'),
    ts('/** The account write methods sign with (none: pass `account` in their options). */\nreadonly account: Account | undefined;'),
  ],
  classConstructor: [
    `constructor(client${ts(': Client')}, address${ts(': string')}, account${ts('?: Account')}) {`,
    'this.client = client;',
    'this.address = address;',
    'this.account = account;',
    '}',
  ],
  readMethod: readMethod(false, 'options.caller ?? this.account?.address.toString()', [
    'return readOnlyCall(this.client, {',
    ...READ_FIELDS,
    '}).then((result) => result.value);',
  ]),
  writeBody: (className) => [
    'const account = options.account ?? this.account;',
    'if (!account) {',
    `const expected = \`the Account that signs \${func}: new ${className}(client, address, account), or the account option\`;`,
    "throw new ClientError('MASON_CLIENT_INVALID_ARGUMENT', { name: 'account', value: 'none', expected });",
    '}',
    'const operation = await callSC(this.client, account, {',
    ...WRITE_FIELDS,
    '});',
    "if (options.wait === 'final') await operation.waitFinal();",
    "else if (options.wait === 'speculative') await operation.waitSpeculative();",
    'return operation;',
  ],
};
