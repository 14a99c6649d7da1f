import { describe, expect, it } from 'vitest';
import { DevnetOptionError } from '../src/devnetOptionError.js';
import { resolveDevnetConfig } from '../src/resolveDevnetConfig.js';

// startDevnet's options, resolved once: every default taken, every bad value a typed error that
// names the option (no RangeError, nothing opened or started).

describe('resolveDevnetConfig', () => {
  it('takes every default', () => {
    const config = resolveDevnetConfig({}, 1_000_000);
    expect(config.chain).toEqual({ chainId: 77n, t0: 512, deltaF0: expect.any(Number), genesisTimestamp: 1_000_000 - 512 });
    expect(config.execution).toEqual({ mode: 'workers', instant: false, traces: undefined });
    expect(config.servers).toMatchObject({ host: '127.0.0.1', publicPort: 33035, privatePort: 33034, apiPort: 33036 });
    expect(config.genesis).toEqual({ accounts: 10, accountBalance: 1_000_000_000_000_000n, initialLedger: {} });
    expect(config.persistence).toEqual({ dataDir: null, reset: false, journalFs: undefined, loadState: undefined, dumpState: undefined });
    expect(config.fork).toBeNull();
  });

  it('keeps what is given, mainnet timing included', () => {
    const config = resolveDevnetConfig(
      { mainnetTiming: true, chainId: 9n, instant: true, execution: 'inline', maxExecutionMs: 500, maxSubscriberBufferedBytes: 0 },
      0,
    );
    expect(config.chain).toMatchObject({ chainId: 9n, t0: 16_000, deltaF0: 1_088, maxExecutionMs: 500 });
    expect(config.execution).toMatchObject({ mode: 'inline', instant: true });
    expect(config.servers.limits.maxBufferedBytes).toBe(0);
  });

  it.each([
    [{ t0: 1000 }, 't0'],
    [{ instant: 'yes' }, 'instant'],
    [{ execution: 'threads' }, 'execution'],
    [{ maxExecutionMs: 0 }, 'maxExecutionMs'],
    [{ maxOperationPoolSize: 1.5 }, 'maxOperationPoolSize'],
    [{ maxSubscriberBufferedBytes: -1 }, 'maxSubscriberBufferedBytes'],
    [{ accounts: -2 }, 'accounts'],
  ])('refuses %o naming %s', (options, option) => {
    let error: unknown;
    try {
      resolveDevnetConfig(options as never);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DevnetOptionError);
    expect((error as DevnetOptionError).code).toBe('MASON_DEVNET_INVALID_OPTION');
    expect((error as Error).message).toMatch(new RegExp(`^${option} must be `));
  });
});
