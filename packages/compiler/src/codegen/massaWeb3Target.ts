import { spread, ts } from './codeText.js';
import type { TsTarget } from './TsTarget.js';
import { optionsInterface, READ_FIELDS, readMethod, typeImport, WAIT_OPTION, WRITE_FIELDS } from './tsTargetCode.js';

/** Bindings over a massa-web3 5 `Provider` (a `PublicProvider` reads); deployed with massa-web3's deployer. */
export const MASSA_WEB3_TARGET: TsTarget = {
  library: '@massalabs/massa-web3',

  imports: (_uses, language) => {
    const type = (name: string) => typeImport(name, language);
    return `import { ${['Args', ...type('Operation'), ...type('Provider'), ...type('PublicProvider'), 'SmartContract'].join(', ')} } from '@massalabs/massa-web3';`;
  },

  optionTypes: () =>
    ts(
      [
        ...optionsInterface('Options of a read-only call.', 'ReadOptions', [
          "/** Who calls (default: the provider's account, when it has one). */",
          'caller?: string;',
          'coins?: bigint;',
          'fee?: bigint;',
          'maxGas?: bigint;',
        ]),
        ...optionsInterface('Options of a CallSC operation.', 'WriteOptions', [
          'coins?: bigint;',
          'fee?: bigint;',
          'maxGas?: bigint;',
          'periodToLive?: number;',
          ...WAIT_OPTION,
        ]),
        ...optionsInterface("Options of the deployment (massa-web3's `DeploySCOptions`).", 'DeployOptions', [
          'coins?: bigint;',
          'fee?: bigint;',
          'maxGas?: bigint;',
          'maxCoins?: bigint;',
          'periodToLive?: number;',
          'waitFinalExecution?: boolean;',
        ]),
      ].join('\n'),
    ),

  deploy: (contract, className, { params, args, what }) =>
    [
      `/** Deploys ${contract} (${what}) with massa-web3's deployer: \`bytecode\` is build/${contract}.wasm. */`,
      `export async function deploy(provider${ts(': Provider')}, bytecode${ts(': Uint8Array')}, ${params}options${ts(': DeployOptions')} = {})${ts(`: Promise<${className}>`)} {`,
      `const contract = await SmartContract.deploy(provider, bytecode, ${args}, {`,
      ...spread('options', ['coins', 'fee', 'maxGas', 'maxCoins', 'periodToLive', 'waitFinalExecution']),
      '});',
      `return new ${className}(provider, contract.address);`,
      '}',
    ].join('\n'),

  classFields: [ts('readonly provider: Provider | PublicProvider;'), ts('readonly address: string;')],
  classConstructor: [
    "/** A `PublicProvider` reads; writing takes a `Provider` with an account (a wallet's, or `Web3Provider.fromRpcUrl(url, account)`). */",
    `constructor(provider${ts(': Provider | PublicProvider')}, address${ts(': string')}) {`,
    'this.provider = provider;',
    'this.address = address;',
    '}',
  ],
  readMethod: readMethod(true, "options.caller ?? ('callSC' in this.provider ? this.provider.address : undefined)", [
    'const result = await this.provider.readSC({',
    ...READ_FIELDS,
    '});',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the generated code
    'if (result.info.error) throw new Error(`${this.address}.${func} failed: ${result.info.error}`);',
    'return result.value;',
  ]),
  writeBody: (className) => [
    "if (!('callSC' in this.provider)) {",
    `throw new Error(\`${className}.write.\${func} needs a Provider with an account (a wallet's, or Web3Provider.fromRpcUrl(url, account)), not a PublicProvider\`);`,
    '}',
    'const operation = await this.provider.callSC({',
    ...WRITE_FIELDS,
    '});',
    "if (options.wait === 'final') await operation.waitFinalExecution();",
    "else if (options.wait === 'speculative') await operation.waitSpeculativeExecution();",
    'return operation;',
  ],
};
