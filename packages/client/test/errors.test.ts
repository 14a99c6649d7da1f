import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_ERROR_CODES, ClientError, isClientError } from '../src/errors.js';
import { isRpcError, RpcError } from '../src/RpcError.js';
import { isClientSideRpcError, isTransientRpcError, RpcErrorCode, RpcErrorMessage, rpcErrorKind } from '../src/rpcErrorCodes.js';

const docs = readFileSync(new URL('../../../docs/client.md', import.meta.url), 'utf8');

describe('error table', () => {
  it('every code is MASON_CLIENT_* and documented under its own heading', () => {
    for (const code of CLIENT_ERROR_CODES) {
      expect(code).toMatch(/^MASON_CLIENT_[A-Z_]+$/);
      expect(docs).toContain(`\n### ${code}\n`);
    }
  });

  it('errors carry code, typed context, docs anchor and a message with the code', () => {
    const error = new ClientError('MASON_CLIENT_TIMEOUT', { url: 'http://n', method: 'get_status', timeoutMs: 5 });
    expect(error).toBeInstanceOf(Error);
    expect(error.context.timeoutMs).toBe(5);
    expect(error.docs).toBe('https://github.com/mason-dev/mason/blob/main/docs/client.md#mason_client_timeout');
    expect(error.message).toBe(
      'get_status to http://n got no answer within 5 ms. The node may be overloaded or unreachable; raise timeoutMs or check the node. [MASON_CLIENT_TIMEOUT]',
    );
    expect(isClientError(error)).toBe(true);
    expect(isClientError(error, 'MASON_CLIENT_TIMEOUT')).toBe(true);
    expect(isClientError(error, 'MASON_CLIENT_CLOSED')).toBe(false);
    expect(isClientError(new Error('x'))).toBe(false);
  });

  it('isClientError and isRpcError recognise errors of another copy of the package (brand and code, not instanceof)', async () => {
    // @ts-expect-error: the query loads a second, separate instance of the module
    const copy = (await import('../src/RpcError.ts?second-copy')) as typeof import('../src/RpcError.js');
    const foreign = new copy.RpcError({ method: 'get_status', url: 'http://n', code: -32000, message: 'Bad request' });
    expect(foreign).not.toBeInstanceOf(RpcError);
    expect(isRpcError(foreign)).toBe(true);
    expect(isClientError(foreign, 'MASON_CLIENT_RPC_ERROR')).toBe(true);
    expect(isClientError({ code: 'MASON_CLIENT_RPC_ERROR', message: 'x' })).toBe(false);
    // @ts-expect-error: as above
    const errors = (await import('../src/errors.ts?second-copy')) as typeof import('../src/errors.js');
    const other = new errors.ClientError('MASON_CLIENT_CLOSED', { method: 'get_status' });
    expect(other).not.toBeInstanceOf(ClientError);
    expect(isClientError(other, 'MASON_CLIENT_CLOSED')).toBe(true);
    expect(isClientError(other, 'MASON_CLIENT_TIMEOUT')).toBe(false);
    expect(isRpcError(new ClientError('MASON_CLIENT_CLOSED', { method: 'get_status' }))).toBe(false);
  });
});

describe('JSON-RPC error codes (reference §3)', () => {
  it('has the Massa and jsonrpsee codes', () => {
    expect(RpcErrorCode).toMatchObject({
      BadRequest: -32000,
      InternalServerError: -32001,
      NotFound: -32004,
      ModelsError: -32013,
      InconsistencyError: -32016,
      WrongApi: -32019,
      PoolError: -32021,
      ParseError: -32700,
      InvalidRequest: -32600,
      MethodNotFound: -32601,
      InvalidParams: -32602,
      InternalError: -32603,
      BatchesNotSupported: -32005,
      TooBigBatchResponse: -32011,
    });
    expect(RpcErrorMessage.TooManyArguments).toBe('Bad request: too many arguments');
  });

  it('names shared codes by their message', () => {
    expect(rpcErrorKind(-32006, 'Send channel error: closed')).toBe('SendChannelError');
    expect(rpcErrorKind(-32006, 'Too many subscriptions on the connection')).toBe('TooManySubscriptions');
    expect(rpcErrorKind(-32007, 'Request is too big')).toBe('RequestTooBig');
    expect(rpcErrorKind(-32007, 'Receive channel error: x')).toBe('ReceiveChannelError');
    expect(rpcErrorKind(-32008, 'Response is too big')).toBe('ResponseTooBig');
    expect(rpcErrorKind(-32009, 'Server is busy, try again later')).toBe('ServerIsBusy');
    expect(rpcErrorKind(-32010, 'execution error: x')).toBe('ExecutionError');
    expect(rpcErrorKind(-32010, 'The batch request was too large')).toBe('TooBigBatchRequest');
    expect(rpcErrorKind(-32019, RpcErrorMessage.WrongApi)).toBe('WrongApi');
    expect(rpcErrorKind(-1, 'x')).toBeUndefined();
  });

  it('classifies client-side and transient errors', () => {
    for (const code of [-32700, -32600, -32601, -32602, -32603, -32000]) expect(isClientSideRpcError(code)).toBe(true);
    for (const code of [-32001, -32009, -32016]) expect(isClientSideRpcError(code)).toBe(false);
    expect(isTransientRpcError(-32001, 'Internal server error: x')).toBe(true);
    expect(isTransientRpcError(-32009, 'Server is busy, try again later')).toBe(true);
    expect(isTransientRpcError(-32009, 'consensus error: x')).toBe(false);
    expect(isTransientRpcError(-32016, 'Inconsistency error: x')).toBe(false);
  });

  it('RpcError keeps the node fields', () => {
    const error = new RpcError({ method: 'get_addresses_bytecode', url: 'http://n', code: -32000, message: RpcErrorMessage.NoArguments });
    expect(isRpcError(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'MASON_CLIENT_RPC_ERROR',
      rpcCode: -32000,
      rpcMessage: 'Bad request: no arguments specified',
      kind: 'BadRequest',
      isClientSide: true,
    });
    expect(error.name).toBe('RpcError');
  });
});
