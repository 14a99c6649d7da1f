import { CliError } from './errors.js';

export const DEFAULT_PORTS = { publicPort: 33035, privatePort: 33034, apiPort: 33036 } as const;
export type PortName = keyof typeof DEFAULT_PORTS;
export const MAX_PORT_OFFSET = 65535 - Math.max(...Object.values(DEFAULT_PORTS));

const ROLE: Record<PortName, string> = { publicPort: 'public API', privatePort: 'private API', apiPort: 'API + WebSocket' };

/** The three ports: a port given by its own flag wins; the others are the defaults shifted by --port-offset. */
export function choosePorts(given: Record<PortName, number>, isExplicit: (name: PortName) => boolean, offset: number): Record<PortName, number> {
  const out = { ...DEFAULT_PORTS } as Record<PortName, number>;
  for (const name of Object.keys(DEFAULT_PORTS) as PortName[]) out[name] = isExplicit(name) ? given[name] : DEFAULT_PORTS[name] + offset;
  return out;
}

/** EADDRINUSE from the devnet's servers, said as what it means and what to do; other errors unchanged. */
export function explainListenError(error: unknown, ports: Record<PortName, number>, host: string, offset: number): unknown {
  const e = error as { code?: unknown; port?: unknown; address?: unknown };
  if (e?.code !== 'EADDRINUSE' || typeof e.port !== 'number') return error;
  const name = (Object.keys(ports) as PortName[]).find((key) => ports[key] === e.port);
  // The next offset of ten (or the previous one, near the top of the port range), with the ports it gives.
  const next = offset + 10 <= MAX_PORT_OFFSET ? offset + 10 : Math.max(0, offset - 10);
  const suggested = (Object.keys(DEFAULT_PORTS) as PortName[]).map((key) => DEFAULT_PORTS[key] + next);
  const nodeHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return new CliError('MASON_CLI_PORT_IN_USE', {
    port: e.port,
    role: name ? `${ROLE[name]}, --${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'a devnet port',
    host: typeof e.address === 'string' ? e.address : host,
    offset: next,
    suggested: suggested.join(', '),
    nodeUrl: `http://${nodeHost}:${DEFAULT_PORTS.publicPort + next}`,
  });
}
