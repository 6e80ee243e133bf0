import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function listen(server: net.Server, sockets: Set<net.Socket>): Promise<number> {
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closer(server: net.Server, sockets: Set<net.Socket>) {
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** A server that accepts connections and never answers: what a hung Redis looks like to its clients. */
export async function startBlackHole(): Promise<TcpServer> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => socket.resume());
  const port = await listen(server, sockets);
  return { url: `redis://127.0.0.1:${port}`, port, close: closer(server, sockets) };
}

export interface PausableProxy extends TcpServer {
  /** Holds every byte in both directions, as a Redis that stopped answering would. */
  pause(): void;
  /** Delivers what was held and forwards again. */
  resume(): void;
}

/** A TCP proxy to `target` (host:port) that can stop forwarding without closing any connection. */
export async function startPausableProxy(target: { host: string; port: number }): Promise<PausableProxy> {
  const sockets = new Set<net.Socket>();
  const held: { to: net.Socket; data: Buffer }[] = [];
  let paused = false;
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (data) => (paused ? held.push({ to, data }) : to.write(data)));
    from.on('close', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => undefined);
    forward(client, upstream);
    forward(upstream, client);
  });
  const port = await listen(server, sockets);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    close: closer(server, sockets),
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const { to, data } of held.splice(0)) if (!to.destroyed) to.write(data);
    },
  };
}
