// Every error code of every package: one base (isMasonError), a unique code, and a docs URL whose
// page and section exist in docs/.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CliError, cliErrors, isCliError } from '../packages/cli/src/errors.js';
import { CLIENT_ERROR_CODES, ClientError, clientErrorDocs, clientErrors, isClientError, isRpcError, RpcError } from '../packages/client/src/index.js';
import { CodecError, codecErrors, DOCS_BASE_URL, isCodecError, isMasonError, MasonError } from '@mason/codec';
import { CompilerError, compilerErrors, compilerWarnings, docsAnchor, isCompilerError } from '../packages/compiler/src/errors.js';
import { isScaffoldError, ScaffoldError, scaffoldErrors } from '../packages/create-mason/src/errors.js';
import { DeployError, deployErrors, isDeployError } from '../packages/deployer/src/index.js';
import {
  DataDirError,
  dataDirErrors,
  DataDirLockError,
  dataDirLockErrors,
  StateControlError,
  stateControlErrors,
  AbiRegistryError,
  abiRegistryErrors,
  DevnetOptionError,
  devnetOptionErrors,
  devnetErrorTables,
  ForkError,
  forkErrors,
  InitialLedgerError,
  isDevnetError,
} from '../packages/devnet/src/index.js';
import { isTestingError, TESTING_ERRORS, TestingError, testingErrors } from '../packages/testing/src/errors.js';
import { isVmError, VM_ERRORS, VmError, vmErrors } from '../packages/vm/src/index.js';
import { isWasmError, WasmFormatError, wasmErrors } from '../packages/wasm/src/index.js';
// @ts-expect-error: plain JavaScript module of the repository's scripts
import { REPOSITORY } from './lib/releaseChecks.mjs';

const docsDir = new URL('../docs/', import.meta.url);

/** GitHub's anchor of a heading: lower case, punctuation dropped (but - and _), spaces to dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** page → its anchors: headings, and explicit `<a id>` / `<a name>` tags. */
const anchors = new Map<string, Set<string>>(
  readdirSync(docsDir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const text = readFileSync(new URL(file, docsDir), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
      const found = new Set<string>();
      for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) found.add(slug(heading!));
      for (const [, id] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) found.add(id!);
      return [file, found];
    }),
);

const any = {} as never;
/** One error of every code, each built by its own package's class. */
const errors: Array<{ code: string; docs: string; error?: MasonError }> = [
  ...Object.keys(codecErrors).map((code) => new CodecError(code as keyof typeof codecErrors, any)),
  ...CLIENT_ERROR_CODES.map((code) => ({ code, docs: clientErrorDocs(code) })),
  ...Object.keys(VM_ERRORS).map((code) => new VmError(code as keyof typeof VM_ERRORS, any)),
  ...Object.keys(dataDirErrors).map((code) => new DataDirError(code as keyof typeof dataDirErrors, any)),
  ...Object.keys(dataDirLockErrors).map((code) => new DataDirLockError(code as keyof typeof dataDirLockErrors, any)),
  ...Object.keys(stateControlErrors).map((code) => new StateControlError(code as keyof typeof stateControlErrors, any)),
  ...Object.keys(abiRegistryErrors).map((code) => new AbiRegistryError(code as keyof typeof abiRegistryErrors, any)),
  ...Object.keys(devnetOptionErrors).map((code) => new DevnetOptionError(code as keyof typeof devnetOptionErrors, any)),
  ...Object.keys(forkErrors).map((code) => new ForkError(code as keyof typeof forkErrors, any)),
  new InitialLedgerError('ledger.json must hold a JSON object'),
  ...Object.keys(wasmErrors).map(() => new WasmFormatError('bad magic number', 0)),
  ...Object.keys(compilerErrors).map((code) => new CompilerError(code as keyof typeof compilerErrors, any)),
  ...Object.keys(compilerWarnings).map((code) => ({ code, docs: docsAnchor(code as keyof typeof compilerWarnings) })),
  ...Object.keys(deployErrors).map((code) => new DeployError(code as keyof typeof deployErrors, any)),
  ...Object.keys(TESTING_ERRORS).map((code) => new TestingError(code as keyof typeof TESTING_ERRORS, any)),
  ...Object.keys(cliErrors).map((code) => new CliError(code as keyof typeof cliErrors, any)),
  ...Object.keys(scaffoldErrors).map((code) => new ScaffoldError(code as keyof typeof scaffoldErrors, any)),
].map((entry) => (entry instanceof Error ? { code: entry.code, docs: entry.docs, error: entry } : entry));

describe('error codes', () => {
  it('are unique and well formed', () => {
    const codes = errors.map((e) => e.code);
    expect(codes.length).toBeGreaterThan(100);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^MASON_[A-Z0-9]+(_[A-Z0-9]+)+$/);
  });

  it('each links to a section of docs/ that exists, by an absolute URL of the repository', () => {
    expect(DOCS_BASE_URL).toBe(`${REPOSITORY}/blob/main/docs/`);
    const missing: string[] = [];
    for (const { code, docs } of errors) {
      expect(docs.startsWith(DOCS_BASE_URL), docs).toBe(true);
      const [page, anchor] = docs.slice(DOCS_BASE_URL.length).split('#') as [string, string];
      expect(anchor).toBe(code.toLowerCase());
      if (!anchors.get(page)?.has(anchor)) missing.push(`${page}#${anchor}`);
    }
    expect(missing).toEqual([]);
  });

  it("every package's table is named <area>Errors; the older upper-case names are the same tables", () => {
    expect(vmErrors).toBe(VM_ERRORS);
    expect(testingErrors).toBe(TESTING_ERRORS);
    const documented = readFileSync(new URL('errors.md', docsDir), 'utf8');
    for (const name of [
      'codecErrors',
      'clientErrors',
      'wasmErrors',
      'vmErrors',
      'stateControlErrors',
      'compilerErrors',
      'deployErrors',
      'testingErrors',
      'cliErrors',
      'scaffoldErrors',
    ]) {
      expect(documented).toContain(`\`${name}\``);
    }
  });

  it('the anchor check sees a missing section', () => {
    expect(anchors.get('cli.md')?.has('mason_cli_bad_args')).toBe(true);
    expect(anchors.get('cli.md')?.has('mason_cli_no_such_code')).toBe(false);
    expect(slug('MASON_CLIENT_TIMEOUT')).toBe('mason_client_timeout');
    expect(slug('`mason node` — options')).toBe('mason-node--options');
  });

  it('every error is a MasonError, recognised by isMasonError with its code', () => {
    const thrown = errors.flatMap((e) => (e.error ? [e.error] : []));
    thrown.push(new ClientError('MASON_CLIENT_TIMEOUT', { url: 'http://x', method: 'get_status', timeoutMs: 5 }));
    thrown.push(new RpcError({ method: 'get_status', url: 'http://x', code: -32000, message: 'Bad request' }));
    for (const error of thrown) {
      expect(error).toBeInstanceOf(MasonError);
      expect(isMasonError(error)).toBe(true);
      expect(isMasonError(error, error.code)).toBe(true);
      expect(isMasonError(error, 'MASON_NOT_THIS_ONE')).toBe(false);
      expect(error.shortMessage.length).toBeGreaterThan(0);
      expect(error.message.startsWith(error.shortMessage)).toBe(true);
    }
    for (const other of [new Error('MASON_CLI_BAD_ARGS'), { code: 'MASON_CLI_BAD_ARGS', message: 'x' }, null, undefined, 'MASON_CLI_BAD_ARGS']) {
      expect(isMasonError(other)).toBe(false);
    }
  });

  it("every error is recognised by its own package's guard, and by no other package's", () => {
    const guards: Array<[string, (error: unknown) => boolean]> = [
      ['MASON_CODEC_', isCodecError],
      ['MASON_CLIENT_', isClientError],
      ['MASON_WASM_', isWasmError],
      ['MASON_VM_', isVmError],
      ['MASON_DEVNET_', isDevnetError],
      ['MASON_COMPILER_', isCompilerError],
      ['MASON_DEPLOY_', isDeployError],
      ['MASON_TESTING_', isTestingError],
      ['MASON_CLI_', isCliError],
      ['MASON_CREATE_', isScaffoldError],
    ];
    const thrown = errors.flatMap((e) => (e.error ? [e.error] : []));
    // The client's templates are functions of their context: two real errors stand for its table.
    thrown.push(new ClientError('MASON_CLIENT_TIMEOUT', { url: 'http://x', method: 'get_status', timeoutMs: 5 }));
    expect(thrown.length).toBe(errors.length - Object.keys(compilerWarnings).length - Object.keys(clientErrors).length + 1);
    for (const error of thrown) {
      expect(
        guards.filter(([, is]) => is(error)).map(([prefix]) => prefix),
        error.code,
      ).toEqual([guards.find(([prefix]) => error.code.startsWith(prefix))![0]]);
    }
    const devnetCodes = Object.values(devnetErrorTables).flatMap((table) => Object.keys(table));
    expect(new Set(devnetCodes)).toEqual(new Set(thrown.filter((e) => isDevnetError(e)).map((e) => e.code)));
    const rpc = new RpcError({ method: 'get_status', url: 'http://x', code: -32000, message: 'Bad request' });
    expect([isClientError(rpc, 'MASON_CLIENT_RPC_ERROR'), isRpcError(rpc), isRpcError(new ClientError('MASON_CLIENT_CLOSED', { method: 'x' }))]).toEqual([
      true,
      true,
      false,
    ]);
  });
});
