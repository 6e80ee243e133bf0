import http from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorHandler } from '../../src/http/client-errors.js';
import { DOCS_URL, failureEnvelope } from '../support/failure.js';
import { call } from '../support/http.js';
import { listenOnFreePort, rawRequest, type RawAnswer } from '../support/raw-http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Every failure a client can cause answers the documented envelope, with the status of the one
// error table: REST paths the REST envelope, /graphql {errors: [{message, extensions: {code, request_id}}]}.
// What Node's HTTP parser refuses never reaches Fastify, so it is sent over a real socket.

let t: TestApp;
let shop: TestStore;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  port = await listenOnFreePort(t.app);
});
afterAll(() => t.close());

const requestId = /^req_[0-9a-f]{32}$/;

function expectRestEnvelope(res: RawAnswer, status: number, code: string) {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: failureEnvelope({ status, headers: res.headers, body: res.body, raw: res.raw }, code),
  });
  expect(res.headers['x-request-id']).toMatch(requestId);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
}

function expectGraphqlEnvelope(res: { status: number; headers: Record<string, unknown>; body: any }, status: number, code: string) {
  expect({ status: res.status, body: res.body }).toEqual({
    status,
    body: { errors: [{ message: expect.any(String), extensions: { code, request_id: res.headers['x-request-id'] } }] },
  });
  expect(res.headers['x-request-id']).toEqual(expect.stringMatching(/^req_/));
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
}

const close = 'Connection: close\r\n';

describe('Headers or a URL over the parser limit', () => {
  it('answers 431 headers_too_large in the REST envelope for an oversize header', async () => {
    const res = await rawRequest(port, `GET /v1/store/info HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n${close}\r\n`);
    expectRestEnvelope(res, 431, 'headers_too_large');
    expect(res.headers.connection).toBe('close');
  });

  it('answers 431 headers_too_large in the REST envelope for an oversize URL', async () => {
    const res = await rawRequest(port, `GET /api/v1/merchant/products?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n${close}\r\n`);
    expectRestEnvelope(res, 431, 'headers_too_large');
  });

  it('answers 431 in the GraphQL envelope on /graphql', async () => {
    const res = await rawRequest(port, `GET /graphql?query=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n${close}\r\n`);
    expectGraphqlEnvelope(res, 431, 'headers_too_large');
  });
});

describe('Requests that are not valid HTTP/1.1', () => {
  it('answers 400 bad_request for an unknown Transfer-Encoding', async () => {
    const res = await rawRequest(port, `POST /v1/store/info HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: bogus\r\n${close}\r\n`);
    expectRestEnvelope(res, 400, 'bad_request');
  });

  it('answers 400 bad_request in the GraphQL envelope for Transfer-Encoding with Content-Length on /graphql', async () => {
    const res = await rawRequest(port, `POST /graphql HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n${close}\r\nabc`);
    expectGraphqlEnvelope(res, 400, 'bad_request');
  });

  it('answers 400 bad_request for a raw non-ASCII byte in the path', async () => {
    const bytes = Buffer.concat([Buffer.from('GET /v1/store/caf'), Buffer.from([0xe9]), Buffer.from(` HTTP/1.1\r\nHost: x\r\n${close}\r\n`)]);
    expectRestEnvelope(await rawRequest(port, bytes), 400, 'bad_request');
  });

  it('answers 400 bad_request for a header with a control character', async () => {
    const res = await rawRequest(port, `GET /v1/store/info HTTP/1.1\r\nHost: x\r\nX-Client-Key: a\u0001b\r\n${close}\r\n`);
    expectRestEnvelope(res, 400, 'bad_request');
  });

  it('gives each refusal a request id of its own', async () => {
    const bad = `GET /v1/store/info HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n${close}\r\n`;
    const [a, b] = await Promise.all([rawRequest(port, bad), rawRequest(port, bad)]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    expect(a.body.error.request_id).toBe(a.headers['x-request-id']);
  });
});

describe('A request too slow to arrive (request timeout)', () => {
  // The timeouts themselves are the server's configuration; this pins the answer the handler writes.
  let slow: ReturnType<typeof Fastify>;
  let slowPort: number;
  beforeAll(async () => {
    slow = Fastify({
      logger: false,
      serverFactory: (handler) => http.createServer({ requestTimeout: 200, headersTimeout: 200, connectionsCheckingInterval: 50 }, handler),
      clientErrorHandler: clientErrorHandler({ docsUrl: DOCS_URL, surfaceOf: (path) => (path.startsWith('/graphql') ? 'graphql' : 'storefront') }),
    });
    slow.get('/v1/store/info', async () => ({ ok: true }));
    slowPort = await listenOnFreePort(slow);
  });
  afterAll(() => slow.close());

  it('answers 408 request_timeout in the REST envelope and closes the connection', async () => {
    const res = await rawRequest(slowPort, 'GET /v1/store/info HTTP/1.1\r\nHost: x\r\nX-Half: ');
    expectRestEnvelope(res, 408, 'request_timeout');
  });
});

describe('OPTIONS that is not a whole CORS preflight', () => {
  it.each(['/v1/store/info', '/v1/store/products'])(
    'OPTIONS %s without Access-Control-Request-Method answers 400 bad_request in the REST envelope',
    async (url) => {
      const res = await call(t.app, { method: 'OPTIONS', url, headers: { origin: 'https://shop.example' } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: failureEnvelope(res, 'bad_request') });
    },
  );

  it('OPTIONS /v1/store/info without Origin answers 400 bad_request in the REST envelope', async () => {
    const res = await call(t.app, { method: 'OPTIONS', url: '/v1/store/info', headers: { 'access-control-request-method': 'GET' } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: failureEnvelope(res, 'bad_request') });
  });

  it('OPTIONS /graphql without Access-Control-Request-Method answers 400 in the GraphQL envelope', async () => {
    const res = await call(t.app, { method: 'OPTIONS', url: '/graphql', headers: { origin: 'https://shop.example' } });
    expectGraphqlEnvelope(res, 400, 'bad_request');
  });
});

describe('GET /graphql with variables or extensions that are not one JSON object', () => {
  it.each([
    ['variables=abc', 'variables'],
    ['extensions=abc', 'extensions'],
    ['variables=%7B', 'variables'],
    ['variables=%5B1%5D', 'variables'],
    ['variables=1', 'variables'],
    ['extensions=%22x%22', 'extensions'],
    ['variables=%7B%7D&variables=%7B%7D', 'variables'],
  ])('?query={shop{name}}&%s answers 400 bad_request naming %s', async (params, name) => {
    const res = await call(t.app, { method: 'GET', url: `/graphql?query=%7Bshop%7Bname%7D%7D&${params}`, key: shop.publicKey });
    expectGraphqlEnvelope(res, 400, 'bad_request');
    expect(res.body.errors[0].message).toContain(name);
  });

  it('still answers a GET with a JSON object (or null) in variables', async () => {
    for (const variables of ['%7B%7D', 'null', '']) {
      const res = await call(t.app, { method: 'GET', url: `/graphql?query=%7Bshop%7Bname%7D%7D&variables=${variables}`, key: shop.publicKey });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.shop.name).toBe(shop.store.name);
    }
  });
});

describe('/graphql with an Accept it cannot answer', () => {
  it.each([
    ['GET', 'application/xml'],
    ['POST', 'application/xml'],
    ['POST', 'text/plain'],
    ['POST', 'application/json; charset=latin1'],
  ])('%s with Accept: %s answers 406 not_acceptable in the GraphQL envelope', async (method, accept) => {
    const res = await call(t.app, {
      method: method as 'GET' | 'POST',
      url: method === 'GET' ? '/graphql?query=%7Bshop%7Bname%7D%7D' : '/graphql',
      key: shop.publicKey,
      headers: { accept, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' ? { payload: JSON.stringify({ query: '{ shop { name } }' }) } : {}),
    });
    expectGraphqlEnvelope(res, 406, 'not_acceptable');
  });

  it.each(['application/json', 'application/graphql-response+json', '*/*', 'application/*', 'text/html, */*;q=0.8'])(
    'POST with Accept: %s answers 200',
    async (accept) => {
      const res = await call(t.app, {
        method: 'POST',
        url: '/graphql',
        key: shop.publicKey,
        headers: { accept, 'content-type': 'application/json' },
        payload: JSON.stringify({ query: '{ shop { name } }' }),
      });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.shop.name).toBe(shop.store.name);
    },
  );
});

describe('The REST docs URL on parser refusals', () => {
  it('points doc_url at the error table', async () => {
    const res = await rawRequest(port, `GET /v1/store/info HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: bogus\r\n${close}\r\n`);
    expect(res.body.error.doc_url).toBe(`${DOCS_URL}#bad_request`);
  });
});
