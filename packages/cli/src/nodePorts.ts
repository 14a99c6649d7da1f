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
export function explainListenError(error: unknown, ports: Record<PortName, number>, host: string): unknown {
  const e = error as { code?: unknown; port?: unknown; address?: unknown };
  if (e?.code !== 'EADDRINUSE' || typeof e.port !== 'number') return error;
  const name = (Object.keys(ports) as PortName[]).find((key) => ports[key] === e.port);
  const suggestion = (Object.keys(DEFAULT_PORTS) as PortName[]).map((key) => ports[key] + 10).join('/');
  return new CliError('MASON_CLI_PORT_IN_USE', {
    port: e.port,
    role: name ? `${ROLE[name]}, --${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` : 'a devnet port',
    host: typeof e.address === 'string' ? e.address : host,
    suggested: suggestion,
  });
}
