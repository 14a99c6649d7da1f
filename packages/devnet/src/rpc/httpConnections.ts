import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export type ServeRequest = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * Requests a connection may have parsed and waiting behind the one being served. Its socket is
 * paused as soon as one waits, so the queue holds what one read brought (under 1,000 of the
 * smallest requests in 64 KiB); past this many, as a safety net, the connection is closed.
 */
export const MAX_QUEUED_REQUESTS = 1_024;

interface Connection {
  socket: Socket;
  /** Requests parsed and not served yet, in the order they came. */
  queue: Array<[IncomingMessage, ServerResponse]>;
  serving: boolean;
  pausedHere: boolean;
}

/** Sockets handed to a WebSocket server: in use while open, never evicted as idle. */
const upgraded = new WeakSet<Socket>();

export function markUpgraded(socket: Socket): void {
  upgraded.add(socket);
}

/**
 * Serves an HTTP server's requests with limits per connection, so that no client can keep others
 * out. As hyper (the node's HTTP server) does, a connection has one request served at a time, the
 * next once the previous answer is written, and its socket is not read while a request waits:
 * a client that pipelines without reading its answers stalls itself and holds one connection
 * permit at most. With `maxSockets` sockets open, a new one closes the socket idle the longest
 * (none of its requests being answered), so sockets left open cannot lock the port; only when
 * every socket has a request being answered is the new one closed.
 */
export function serveConnections(server: Server, maxSockets: number, serve: ServeRequest): void {
  const connections = new Map<Socket, Connection>();
  // Sockets with no request being answered, the one idle the longest first (a Set keeps insertion order).
  const idle = new Set<Socket>();

  const forget = (socket: Socket) => {
    connections.delete(socket);
    idle.delete(socket);
  };
  const markIdle = (socket: Socket) => {
    idle.delete(socket);
    if (connections.has(socket)) idle.add(socket);
  };
  const evictOldestIdle = (): boolean => {
    for (const socket of idle) {
      forget(socket);
      if (upgraded.has(socket)) continue;
      socket.destroy();
      return true;
    }
    return false;
  };

  server.on('connection', (socket: Socket) => {
    if (connections.size >= maxSockets && !evictOldestIdle()) {
      socket.destroy();
      return;
    }
    connections.set(socket, { socket, queue: [], serving: false, pausedHere: false });
    idle.add(socket);
    socket.once('close', () => forget(socket));
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (!connection) {
      res.destroy();
      return;
    }
    connection.queue.push([req, res]);
    if (connection.queue.length > MAX_QUEUED_REQUESTS) {
      req.socket.destroy();
      return;
    }
    if (connection.serving) pause(connection);
    serveNext(connection);
  });

  function serveNext(connection: Connection): void {
    if (connection.serving) return;
    const next = connection.queue.shift();
    if (!next) return;
    if (connection.queue.length === 0) resume(connection);
    const { socket } = connection;
    const [req, res] = next;
    connection.serving = true;
    idle.delete(socket);
    serve(req, res)
      // A client that vanishes mid-request only loses its own connection.
      .catch(() => res.destroy())
      .finally(() => {
        // Answered: the socket counts as idle while its answer is written (a client that does not read stalls only itself).
        markIdle(socket);
        whenWritten(res, socket, () => {
          connection.serving = false;
          if (!socket.destroyed) serveNext(connection);
        });
      });
  }
}

// Each time a request arrives behind another: Node resumes a socket it paused itself once its answers drain.
function pause(connection: Connection): void {
  connection.pausedHere = true;
  connection.socket.pause();
}

function resume(connection: Connection): void {
  if (!connection.pausedHere) return;
  connection.pausedHere = false;
  // Node pauses a socket itself while its answers do not drain (and resumes it on 'drain'): leave that one paused.
  if (!(connection.socket as Socket & { _paused?: boolean })._paused) connection.socket.resume();
}

/** Runs `then` once the answer is handed to the kernel, or its socket is gone. */
function whenWritten(res: ServerResponse, socket: Socket, then: () => void): void {
  if (res.writableFinished || res.destroyed || socket.destroyed) {
    then();
    return;
  }
  const once = () => {
    res.off('finish', once);
    res.off('close', once);
    socket.off('close', once);
    then();
  };
  res.on('finish', once);
  res.on('close', once);
  socket.on('close', once);
}
