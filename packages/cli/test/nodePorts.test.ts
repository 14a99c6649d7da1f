import { describe, expect, it } from 'vitest';
import { CliError } from '../src/errors.js';
import { choosePorts, explainListenError } from '../src/nodePorts.js';

const inUse = (port: number) => Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port, address: '127.0.0.1' });

describe('the port-in-use hint', () => {
  it('suggests the next offset with the ports that offset gives, in the order of --port-offset', () => {
    for (const offset of [0, 10, 25]) {
      const ports = choosePorts({ publicPort: 0, privatePort: 0, apiPort: 0 }, () => false, offset);
      const error = explainListenError(inUse(ports.publicPort), ports, '127.0.0.1', offset) as CliError;
      expect(error).toBeInstanceOf(CliError);
      const next = offset + 10;
      expect(error.message).toContain(
        `\`mason node --port-offset ${next}\` (ports ${33035 + next}, ${33034 + next}, ${33036 + next}), or --public-port/--private-port/--api-port; the other commands reach it with MASON_NODE_URL=http://127.0.0.1:${33035 + next}.`,
      );
      expect(error.message).toContain(`port ${ports.publicPort} (public API, --public-port) on 127.0.0.1 is already in use`);
    }
  });

  it('ports given by their own flags: the suggested ports are still those of the offset it names', () => {
    const ports = choosePorts({ publicPort: 5000, privatePort: 5001, apiPort: 5002 }, () => true, 0);
    const error = explainListenError(inUse(5002), ports, '0.0.0.0', 0) as CliError;
    expect(error.message).toContain('port 5002 (API + WebSocket, --api-port)');
    expect(error.message).toContain('`mason node --port-offset 10` (ports 33045, 33044, 33046)');
    expect(error.message).toContain('MASON_NODE_URL=http://127.0.0.1:33045.');
  });

  it('near the top of the port range it suggests a lower offset', () => {
    const ports = choosePorts({ publicPort: 0, privatePort: 0, apiPort: 0 }, () => false, 32495);
    const error = explainListenError(inUse(ports.privatePort), ports, '127.0.0.1', 32495) as CliError;
    expect(error.message).toContain('`mason node --port-offset 32485` (ports 65520, 65519, 65521)');
  });

  it('other errors pass unchanged', () => {
    const other = new Error('boom');
    expect(
      explainListenError(
        other,
        choosePorts({ publicPort: 0, privatePort: 0, apiPort: 0 }, () => false, 0),
        '127.0.0.1',
        0,
      ),
    ).toBe(other);
  });
});
