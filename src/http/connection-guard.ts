import type { Server, ServerOptions } from 'node:http';

export interface ConnectionLimits {
  /** Time for a request's headers to arrive, from its first byte (0: no limit). */
  headersTimeoutMs: number;
  /** Time for a whole request, body included, to arrive (0: no limit). */
  requestTimeoutMs: number;
  /** Connections one address may hold open at once (0: no cap). */
  maxPerIp: number;
}

/**
 * Node's own limits for clients that send slowly, as options of the server Fastify creates. Node
 * checks them on an interval (30 s by default, which would let a trickling client stay that long
 * past its timeout), so the interval follows the shortest timeout.
 */
export function slowClientTimeouts({ headersTimeoutMs, requestTimeoutMs }: ConnectionLimits): ServerOptions {
  const timeouts = [headersTimeoutMs, requestTimeoutMs].filter((ms) => ms > 0);
  const shortest = timeouts.length ? Math.min(...timeouts) : 30_000;
  return {
    headersTimeout: headersTimeoutMs,
    requestTimeout: requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(shortest / 2))),
  };
}

/**
 * Caps the connections one address holds open: one more is closed as soon as it is accepted,
 * before anything is read from it, while the address's earlier connections carry on.
 */
export function capConnectionsPerIp(server: Server, maxPerIp: number) {
  if (maxPerIp <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return;
    const count = open.get(address) ?? 0;
    if (count >= maxPerIp) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
