import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { storeKey } from '../../../src/auth/requirements.js';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import { ApiError } from '../../../src/platform/errors/api-error.js';
import { defineRoute } from '../../../src/rest/kit/route.js';
import { registerSurface } from '../../../src/rest/kit/surface.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// The request kit as a library: a route defined here, registered on a surface of its own, over a
// real database and real HTTP handling. It shows what every route gets without writing it.

const upload = z.object({ filename: z.string(), mimetype: z.string(), data: z.instanceof(Buffer) });

const echo = defineRoute({
  method: 'POST',
  url: '/echo/:thing',
  operationId: 'echo',
  summary: 'Echo',
  tag: 'Test',
  auth: storeKey,
  params: z.object({ thing: z.string() }),
  uploads: true,
  body: z
    .object({ title: z.string().min(1), tags: z.union([z.string(), z.array(z.string())]).optional(), image: upload.optional() })
    .transform((b) => ({ title: b.title, tags: b.tags === undefined ? [] : [b.tags].flat(), image: b.image })),
  answer: z.unknown(),
  status: 201,
  handle: async (_ctx, { params, body, headers }) => {
    if (body.title === 'domain-fails') throw ApiError.invalidField('categorySlug', 'names no category');
    return {
      body: {
        thing: params.thing,
        title: body.title,
        tags: body.tags,
        image: body.image && { ...body.image, data: body.image.data.toString('utf8') },
        headers,
      },
      headers: { location: `/kit/echo/${params.thing}` },
    };
  },
});

let t: TestApp;
let app: FastifyInstance;
let shop: TestStore;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  app = Fastify();
  // build-app echoes the request id on every answer; the failure envelope names the same id.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const secret = await loadServerSecret(t.database.prisma, undefined);
  await registerSurface(
    app,
    { config: t.config, database: t.database, kv: t.kv, secret },
    {
      surface: 'storefront',
      prefix: '/kit',
      routes: [echo],
      rateLimitPerMinute: 0,
      notFound: () => new ApiError('route_not_available', 'no'),
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  call(app, {
    method: 'POST',
    url: '/kit/echo/lamp',
    key: shop.publicKey,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(payload),
  });

function multipart(parts: { name: string; value: string; filename?: string; type?: string }[]) {
  const boundary = 'bazaar-test-boundary';
  const body = parts
    .map((p) =>
      [
        `--${boundary}`,
        `Content-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`,
        ...(p.type ? [`Content-Type: ${p.type}`] : []),
        '',
        p.value,
      ].join('\r\n'),
    )
    .join('\r\n');
  return { payload: `${body}\r\n--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('Declared schemas', () => {
  it('hand the handler typed input and send its status and headers', async () => {
    const res = await post({ title: 'Lamp', tags: 'blue' });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe('/kit/echo/lamp');
    expect(res.body).toEqual({ thing: 'lamp', title: 'Lamp', tags: ['blue'], headers: { clientIp: '127.0.0.1' } });
  });

  it('answer 422 naming the wire field', async () => {
    expectValidation(await post({ title: '' }), 'title');
  });

  it('name a domain failure in the wire vocabulary (snake_case)', async () => {
    const res = await post({ title: 'domain-fails' });
    expectValidation(res, 'category_slug');
  });
});

describe('Multipart bodies', () => {
  it('become the same object a JSON body gives, files included', async () => {
    const form = multipart([
      { name: 'title', value: 'Lamp' },
      { name: 'tags', value: 'blue' },
      { name: 'tags', value: 'tall' },
      { name: 'image', value: 'PNGDATA', filename: 'lamp.png', type: 'image/png' },
    ]);
    const res = await call(app, {
      method: 'POST',
      url: '/kit/echo/lamp',
      key: shop.publicKey,
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body).toEqual({
      thing: 'lamp',
      title: 'Lamp',
      tags: ['blue', 'tall'],
      image: { filename: 'lamp.png', mimetype: 'image/png', data: 'PNGDATA' },
      headers: { clientIp: '127.0.0.1' },
    });
  });
});

describe('Request headers read by the kit', () => {
  it('hands over Idempotency-Key, X-Cart-Session and the bearer token', async () => {
    const res = await post({ title: 'Lamp' }, { 'idempotency-key': 'a1b2-c3', 'x-cart-session': 'cart-9', authorization: 'Bearer tok_123' });
    expect(res.body.headers).toEqual({ idempotencyKey: 'a1b2-c3', cartSession: 'cart-9', bearerToken: 'tok_123', clientIp: '127.0.0.1' });
  });

  it('refuses an Idempotency-Key that is not 1-255 printable characters', async () => {
    expectValidation(await post({ title: 'Lamp' }, { 'idempotency-key': 'has space' }), 'Idempotency-Key');
    expectValidation(await post({ title: 'Lamp' }, { 'idempotency-key': 'k'.repeat(256) }), 'Idempotency-Key');
  });

  it('refuses an Authorization header that is not a bearer token', async () => {
    expectFailure(await post({ title: 'Lamp' }, { authorization: 'Basic abc' }), 401, 'unauthenticated');
  });
});
