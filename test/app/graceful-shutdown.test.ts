import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareShutdown } from '../../src/app/graceful-shutdown.js';

// Issue 5: SIGTERM must stop accepting, let the requests in flight finish within a bound, then close
// the database and the KV. These tests drive the shutdown of a real listening Fastify server with
// a route that answers when the test says so; test/server.test.ts runs the whole server process.

interface Harness {
  app: FastifyInstance;
  port: number;
  logs: string[];
  released: string[];
  shutDown: (signal: string) => Promise<void>;
  entered: Promise<void>;
  answer: () => void;
}

const agents: http.Agent[] = [];
afterEach(() => {
  for (const agent of agents.splice(0)) agent.destroy();
});

async function start(graceMs: number): Promise<Harness> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line).msg);
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, return503OnClosing: false });
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  app.get('/wait', async () => {
    enter();
    await answered;
    return { answered: true };
  });
  app.get('/quick', async () => ({ answered: true }));
  const released: string[] = [];
  const shutDown = prepareShutdown(app, {
    graceMs,
    release: [async () => void released.push('kv'), async () => void released.push('database')],
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port, logs, released, shutDown, entered, answer };
}

function keepAliveAgent() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

/** A GET that also reports when the server closes its connection. */
function get(port: number, path: string, agent: http.Agent) {
  let socketClosed!: Promise<void>;
  const response = new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    request.on('error', reject);
    socketClosed = new Promise((resolve) => request.on('socket', (socket) => socket.once('close', () => resolve())));
  });
  return { response, socketClosed: () => socketClosed };
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((wake) => setTimeout(wake, 10));
  }
}

function connectionRefused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('A shutdown with a request in flight on a keep-alive connection', () => {
  it('stops accepting, answers the request, closes its connection and then releases the KV and the database', async () => {
    const h = await start(60_000);
    const call = get(h.port, '/wait', keepAliveAgent());
    await h.entered;

    const done = h.shutDown('SIGTERM');
    await until(() => !h.app.server.listening, 'the server stops listening');
    expect(await connectionRefused(h.port)).toBe('ECONNREFUSED');
    expect(h.released).toEqual([]);

    h.answer();
    expect(await call.response).toEqual({ status: 200, connection: 'keep-alive', body: '{"answered":true}' });
    await call.socketClosed();
    await done;
    expect(h.released).toEqual(['kv', 'database']);
    expect(h.logs).toContain('shutting down: finishing the requests in flight');
    expect(h.logs).not.toContain('grace period over: closing the connections still open');
    expect(h.logs.at(-1)).toBe('shut down');
  });
});

describe('A shutdown with an idle keep-alive connection', () => {
  it('closes it at once', async () => {
    const h = await start(60_000);
    const call = get(h.port, '/quick', keepAliveAgent());
    expect((await call.response).status).toBe(200);

    await h.shutDown('SIGTERM');
    await call.socketClosed();
    expect(h.released).toEqual(['kv', 'database']);
    expect(h.logs).not.toContain('grace period over: closing the connections still open');
  });
});

describe('A shutdown whose request in flight outlasts the grace period', () => {
  it('closes that connection when the grace period is over, logs it, and still releases everything', async () => {
    const h = await start(200);
    const call = get(h.port, '/wait', keepAliveAgent());
    await h.entered;

    await h.shutDown('SIGTERM');
    await expect(call.response).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(h.logs).toContain('grace period over: closing the connections still open');
    expect(h.released).toEqual(['kv', 'database']);
    h.answer();
  });
});
