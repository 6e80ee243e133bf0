import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app/build-app.js';
import { loadConfig } from '../../src/config.js';
import { toApiError } from '../../src/http/to-api-error.js';
import { ApiError } from '../../src/platform/errors/api-error.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { expectFailure } from '../support/failure.js';
import { call, get, graphql } from '../support/http.js';
import { captureLogs } from '../support/log-capture.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { openTestDatabase } from '../support/test-app.js';

// DESIGN.md, One error table: unknown errors are masked as server_error and logged with the
// request id — by one function, with one message, on every face.

const MASKED = 'Something went wrong on our side. Retry with backoff; quote the request id if it persists.';

describe('toApiError', () => {
  const { lines, stream } = captureLogs();
  const site = { id: 'req_site', log: pino({ level: 'info' }, stream).child({ request_id: 'req_site' }) };

  it('passes a documented ApiError through as it is, logging nothing', () => {
    const error = new ApiError('not_found', 'Product not found.');
    expect(toApiError(error, site)).toBe(error);
    expect(lines).toEqual([]);
  });

  it.each([
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 415, 'unsupported_media_type'],
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'payload_too_large'],
    ['FST_ERR_CTP_EMPTY_JSON_BODY', 400, 'bad_request'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'bad_request'],
    ['FST_ERR_SOMETHING_ELSE', 400, 'bad_request'],
  ])('maps the framework error %s to %s %s, logging nothing', (code, statusCode, apiCode) => {
    const error = Object.assign(new Error('framework says no'), { code, statusCode });
    expect(toApiError(error, site).code).toBe(apiCode);
    expect(lines).toEqual([]);
  });

  it('answers a transaction PostgreSQL rolled back for a deadlock (Prisma P2034) 409 conflict with Retry-After, logged as a warning', () => {
    lines.length = 0;
    const deadlock = Object.assign(new Error('Transaction failed due to a write conflict or a deadlock. Please retry your transaction'), { code: 'P2034' });
    const apiError = toApiError(deadlock, site);
    expect([apiError.code, apiError.headers]).toEqual(['conflict', { 'retry-after': '1' }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, request_id: 'req_site', msg: 'write rolled back by a concurrent one, answered as conflict' });
  });

  it.each([
    ['an Error', new Error('connection refused at 10.0.0.7:5432')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a string', 'boom'],
    ['undefined', undefined],
  ])('masks %s as server_error with one message, logged once with the request id', (_name, thrown) => {
    lines.length = 0;
    const apiError = toApiError(thrown, site);
    expect([apiError.code, apiError.message]).toEqual(['server_error', MASKED]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, request_id: 'req_site', msg: 'unhandled error, answered as server_error' });
  });
});

describe('An unknown error on every face (a database that stopped answering)', () => {
  const { lines, logger } = captureLogs('error');
  let app: Awaited<ReturnType<typeof buildApp>>;
  let shop: TestStore;

  beforeAll(async () => {
    const database = await openTestDatabase();
    shop = await makeStore(database);
    await database.close();
    const config = loadConfig({ PUBLIC_URL: 'http://bazaar.test' });
    app = await buildApp({ config, database, kv: new MemoryKv(), secret: randomBytes(32).toString('base64url') }, { logger });
    await app.ready();
  });
  afterAll(() => app.close());

  function logsOf(requestId: unknown) {
    return lines.filter((line) => line.request_id === requestId && line.level >= 50);
  }

  it('Storefront REST answers 500 server_error with the one message, logged once', async () => {
    const res = await get(app, '/v1/store/info', shop.publicKey);
    expectFailure(res, 500, 'server_error', MASKED);
    expect(logsOf(res.headers['x-request-id'])).toHaveLength(1);
  });

  it('Merchant REST answers 500 server_error with the one message, logged once', async () => {
    const res = await get(app, '/api/v1/merchant/products', shop.privateKey);
    expectFailure(res, 500, 'server_error', MASKED);
    expect(logsOf(res.headers['x-request-id'])).toHaveLength(1);
  });

  it('GraphQL answers 500 with extensions.code server_error and the one message, logged once', async () => {
    const res = await graphql(app, shop.publicKey, '{ shop { name } }');
    expect({ status: res.status, body: res.body }).toEqual({
      status: 500,
      body: { errors: [{ message: MASKED, extensions: { code: 'server_error', request_id: res.headers['x-request-id'] } }] },
    });
    expect(logsOf(res.headers['x-request-id'])).toHaveLength(1);
  });

  it('never shows the underlying error to the caller', async () => {
    const res = await call(app, { method: 'GET', url: '/v1/store/products', key: shop.publicKey });
    expect(res.raw).not.toMatch(/prisma|pglite|closed|ECONN|stack/i);
  });
});
