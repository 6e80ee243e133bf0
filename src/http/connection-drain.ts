import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  inFlight: number;
  requested: boolean;
}

export interface ConnectionDrain {
  /**
   * Lets the event loop accept the connections waiting in the kernel's backlog and read what they
   * sent, then waits (at most maxWaitMs) until every open connection has sent its first request.
   */
  settle(maxWaitMs: number): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Makes closing the server end connections only between requests. Node's closeIdleConnections,
 * which server.close() calls, counts as idle a connection whose request is not read yet, and one
 * whose response is ended but still being written, and destroys both: the first request is
 * reset, the second answer cut short. It also leaves a keep-alive connection whose response was in
 * flight open until its keep-alive timeout. Here, closing destroys only connections with no
 * request in flight, and each other one is ended once its last response is written.
 */
export function drainConnectionsOnClose(server: Server): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let closing = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { inFlight: 0, requested: false });
    socket.once('close', () => connections.delete(socket));
  });
  // Ahead of Fastify's listener, so the count is up before any handler can answer.
  server.prependListener('request', (request, response) => {
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.inFlight += 1;
    connection.requested = true;
    response.once('close', () => {
      connection.inFlight -= 1;
      if (closing && connection.inFlight === 0) request.socket.end(() => request.socket.destroy());
    });
  });
  server.closeIdleConnections = () => {
    closing = true;
    for (const [socket, connection] of connections) if (connection.inFlight === 0) socket.destroy();
  };

  return {
    async settle(maxWaitMs) {
      const until = Date.now() + maxWaitMs;
      for (let turn = 0; turn < 3; turn += 1) await nextTurn();
      while (Date.now() < until && [...connections.values()].some((connection) => !connection.requested)) await sleep(10);
    },
  };
}
