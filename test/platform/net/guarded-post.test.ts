import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DownloadRefused, type ResolveHost } from '../../../src/platform/net/guarded-download.js';
import { guardedPost, type PostLimits } from '../../../src/platform/net/guarded-post.js';

// Webhook POSTs keep their connections open between deliveries, pooled by the checked address:
// the guard (resolve once, check, connect to the checked address only) runs before every POST,
// so a pooled connection never carries a request whose host now resolves elsewhere or inward.

let server: http.Server;
let port: number;
let sockets = 0;
let requests: string[] = [];
/** Drop a kept connection at its next request, unanswered, as a receiver whose own keep-alive ran out at that instant does. */
let dropReused = false;
const served = new WeakSet<object>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (dropReused && served.has(req.socket)) {
      dropReused = false;
      req.socket.destroy();
      return;
    }
    served.add(req.socket);
    requests.push(`${req.headers.host} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  server.on('connection', () => (sockets += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  sockets = 0;
  requests = [];
});

/** Each test posts to a host name of its own, so it starts with no pooled connection. */
function limits(resolve: ResolveHost, allow = ['reuse.test', 'drop.test', 'hooks.test'].map((host) => `${host}:${port}`)): PostLimits {
  return { timeoutMs: 5000, keepBytes: 1024, allow, resolve };
}

async function refusal(url: string, given: PostLimits): Promise<string> {
  try {
    await guardedPost(url, '{}', {}, given);
  } catch (error) {
    if (error instanceof DownloadRefused) return error.message;
    throw error;
  }
  throw new Error(`${url} was posted to`);
}

describe('guardedPost: kept-alive connections', () => {
  it('sends several POSTs to one receiver over one connection, resolving and checking the host before each', async () => {
    const lookups: string[] = [];
    const resolve: ResolveHost = async (host) => {
      lookups.push(host);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    for (let i = 0; i < 3; i += 1) {
      expect(await guardedPost(`http://reuse.test:${port}/a`, '{}', {}, limits(resolve))).toEqual({ status: 200, body: 'ok' });
    }
    await Promise.all([1, 2, 3].map(() => guardedPost(`http://reuse.test:${port}/b`, '{}', {}, limits(resolve))));
    expect(requests).toHaveLength(6);
    expect(lookups).toHaveLength(6);
    // The three sent at once need three connections; the first is the one the earlier POSTs reused.
    expect(sockets).toBe(3);
  });

  it('refuses a host that has come to resolve inward, though a connection to its earlier address is pooled', async () => {
    let address = '127.0.0.1';
    const resolve: ResolveHost = async () => [{ address, family: 4 }];
    await guardedPost(`http://rebind.test:${port}/a`, '{}', {}, limits(resolve, [`rebind.test:${port}`]));
    address = '10.9.9.9';
    expect(await refusal(`http://rebind.test:${port}/a`, limits(resolve, []))).toBe('resolves to a private, loopback or otherwise internal address');
    // Allowed by the list, the new address is where the POST goes: nothing listens on it, and the pooled connection is not used.
    address = '127.0.0.2';
    expect(await refusal(`http://rebind.test:${port}/a`, limits(resolve, [`rebind.test:${port}`]))).toBe('the connection failed (ECONNREFUSED)');
    expect({ requests, sockets }).toEqual({ requests: [`rebind.test:${port} /a`], sockets: 1 });
  });

  it('refuses the same loopback address once it is off the allowlist, with its connection pooled', async () => {
    const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    await guardedPost(`http://hooks.test:${port}/a`, '{}', {}, limits(resolve));
    expect(await refusal(`http://hooks.test:${port}/a`, limits(resolve, []))).toBe('resolves to a private, loopback or otherwise internal address');
    expect(await refusal(`http://127.0.0.1:${port}/a`, limits(resolve, []))).toBe('resolves to a private, loopback or otherwise internal address');
    expect(requests).toEqual([`hooks.test:${port} /a`]);
  });

  it('sends again on a new connection when the receiver closed the kept one as it was reused', async () => {
    const resolve: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
    await guardedPost(`http://drop.test:${port}/a`, '{}', {}, limits(resolve));
    dropReused = true;
    expect(await guardedPost(`http://drop.test:${port}/a`, '{}', {}, limits(resolve))).toEqual({ status: 200, body: 'ok' });
    expect({ requests: requests.length, sockets, dropped: !dropReused }).toEqual({ requests: 2, sockets: 2, dropped: true });
  });
});
