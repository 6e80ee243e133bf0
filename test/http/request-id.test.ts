import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/app/build-app.js';
import { loadServerSecret } from '../../src/platform/crypto/server-secret.js';
import type { Database } from '../../src/platform/database/database.js';
import type { Kv } from '../../src/platform/kv/kv.js';
import { call, get, graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { openTestDatabase, openTestKv } from '../support/test-app.js';
import { expectFailure } from '../support/failure.js';

// Storefront and merchant specs, Conventions: X-Request-Id is 8-128 characters of A-Za-z0-9_.:-,
// echoed on the response and on every log line of the request, generated when omitted.

const PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

let database: Database;
let kv: Kv;
let app: FastifyInstance;
let shop: TestStore;
let lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  kv = openTestKv();
  const config = loadConfig({ PUBLIC_URL: 'http://bazaar.test' });
  const secret = await loadServerSecret(database.prisma, config.secret);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database, kv, secret }, { logger: { level: 'info', stream } });
  await app.ready();
  shop = await makeStore(database);
});
afterAll(async () => {
  await app.close();
  await kv.close();
  await database.close();
});
beforeEach(() => {
  lines = [];
});

const valid = [
  ['the shortest (8 characters)', 'abcd1234'],
  ['the longest (128 characters)', 'r'.repeat(128)],
  ['every allowed character', 'Az09_.:-req'],
  ['a uuid', '0b3f2c1e-8f51-4a39-9d2e-6a0c7f1e2d3b'],
];

const invalid = [
  ['too short (7 characters)', 'abc1234'],
  ['too long (129 characters)', 'r'.repeat(129)],
  ['a space', 'abcd 1234'],
  ['a slash', 'abcd/1234'],
  ['non-ASCII', 'abcdé1234'],
  ['an empty value', ''],
];

describe('A valid X-Request-Id', () => {
  it.each(valid)('is echoed on a success: %s', async (_name, id) => {
    const res = await get(app, '/v1/store/info', shop.publicKey, { 'x-request-id': id });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe(id);
  });

  it.each(valid)('is echoed in the header and error.request_id of a failure: %s', async (_name, id) => {
    const res = await get(app, '/v1/store/info', undefined, { 'x-request-id': id });
    expect(res.headers['x-request-id']).toBe(id);
    expectFailure(res, 401, 'client_key_required');
    expect(res.body.error.request_id).toBe(id);
  });

  it('is echoed by the merchant API', async () => {
    const id = 'merchant-call-0001';
    const res = await get(app, '/api/v1/merchant/nope', shop.privateKey, { 'x-request-id': id });
    expect(res.headers['x-request-id']).toBe(id);
    expectFailure(res, 403, 'route_not_available');
    expect(res.body.error.request_id).toBe(id);
  });

  it('is echoed by GraphQL, in the header and in extensions.request_id', async () => {
    const id = 'graphql-call-0001';
    const res = await graphql(app, 'pk_live_neverMinted', '{ shop { id } }', {}, { 'x-request-id': id });
    expect(res.headers['x-request-id']).toBe(id);
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'invalid_client_key', request_id: id });
  });
});

describe('An invalid or missing X-Request-Id', () => {
  it.each(invalid)('is replaced by a generated one: %s', async (_name, id) => {
    const res = await get(app, '/v1/store/info', undefined, { 'x-request-id': id });
    const generated = String(res.headers['x-request-id']);
    expect(generated).toMatch(PATTERN);
    expect(generated).not.toBe(id);
    expect(res.body.error.request_id).toBe(generated);
  });

  it('is generated when omitted, different on every request', async () => {
    const first = await get(app, '/v1/store/info', shop.publicKey);
    const second = await get(app, '/v1/store/info', shop.publicKey);
    expect(String(first.headers['x-request-id'])).toMatch(PATTERN);
    expect(String(second.headers['x-request-id'])).toMatch(PATTERN);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('is generated for a repeated header too', async () => {
    const res = await call(app, {
      method: 'GET',
      url: '/v1/store/info',
      key: shop.publicKey,
      headers: { 'x-request-id': ['first-id-0001', 'second-id-0002'] },
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['x-request-id'])).toMatch(PATTERN);
  });
});

describe('Log lines', () => {
  /** The request lines Fastify writes; the log is emptied before each test. */
  function requestLines() {
    return lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed');
  }

  it.each([
    ['a storefront success', 'GET', '/v1/store/info', 'public', 200],
    ['a storefront failure', 'GET', '/v1/store/nope', 'public', 404],
    ['a merchant success', 'GET', '/api/v1/merchant/products', 'private', 200],
    ['a merchant failure', 'DELETE', '/api/v1/merchant/store', 'private', 405],
  ] as const)('carry the sent id on every line of %s', async (_name, method, url, kind, status) => {
    const id = `log-${method}-${status}-0001`;
    const res = await call(app, { method, url, key: kind === 'public' ? shop.publicKey : shop.privateKey, headers: { 'x-request-id': id } });
    expect(res.status).toBe(status);
    const mine = requestLines();
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of mine) expect(line.request_id).toBe(id);
  });

  it('carry the sent id on a GraphQL request', async () => {
    const id = 'log-graphql-0001';
    await graphql(app, shop.publicKey, '{ shop { id } }', {}, { 'x-request-id': id });
    const mine = requestLines();
    expect(mine.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
    for (const line of mine) expect(line.request_id).toBe(id);
  });

  it('carry the generated id when the sent one is invalid', async () => {
    const res = await get(app, '/v1/store/info', shop.publicKey, { 'x-request-id': 'bad id' });
    const generated = res.headers['x-request-id'];
    const mine = requestLines();
    expect(mine).toHaveLength(2);
    for (const line of mine) expect(line.request_id).toBe(generated);
  });

  it('every line written while serving a request names that request', async () => {
    const id = 'log-all-lines-0001';
    await get(app, '/api/v1/merchant/products', shop.privateKey, { 'x-request-id': id });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.request_id, JSON.stringify(line)).toBe(id);
  });
});
