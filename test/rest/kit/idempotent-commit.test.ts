import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scope } from '../../../src/auth/requirements.js';
import { withTransaction } from '../../../src/domain/transaction.js';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import { ApiError } from '../../../src/platform/errors/api-error.js';
import { defineRoute } from '../../../src/rest/kit/route.js';
import { registerSurface } from '../../../src/rest/kit/surface.js';
import { expectFailure } from '../../support/failure.js';
import { call } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// A keyed write commits with its stored answer: the kit holds the write's transaction open while
// the answer is built, and writes the answer in it. A route here writes one outbox event in a
// transaction and builds its answer afterwards, as a presenter would; the answer can be made to fail.

/** Names whose answer fails once after their write, as a presenter with a defect would. */
const breakOnce = new Set<string>();

const logEvent = defineRoute({
  method: 'POST',
  url: '/events',
  operationId: 'logEvent',
  summary: 'Write an event, then answer',
  tag: 'Test',
  auth: scope('merchant-items-create'),
  body: z.object({ name: z.string().min(1) }),
  answer: z.unknown(),
  status: 201,
  handle: async (ctx, { body }) => {
    await withTransaction(ctx, async (tx) => tx.outbox.append({ topic: 'collections/update', payload: { id: body.name } }));
    // Read back through the context: the uncommitted event is visible to the answer being built.
    const events = await ctx.db.outboxEvent.count({ where: { payload: { equals: { id: body.name } } } });
    if (breakOnce.delete(body.name)) throw new Error('the answer could not be built');
    return { body: { status: 'success', message: 'Event logged', data: { name: body.name, events, id: randomUUID() } } };
  },
});

let t: TestApp;
let shop: TestStore;
let kit: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  kit = Fastify();
  kit.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const secret = await loadServerSecret(t.database.prisma, undefined);
  await registerSurface(
    kit,
    { config: t.config, database: t.database, kv: t.kv, secret },
    { surface: 'merchant', prefix: '/kit', routes: [logEvent], rateLimitPerMinute: 0, notFound: () => new ApiError('route_not_available', 'no') },
  );
  await kit.ready();
});
afterAll(async () => {
  await kit.close();
  await t.close();
});

const post = (name: string, key: string) =>
  call(kit, {
    method: 'POST',
    url: '/kit/events',
    key: shop.privateKey,
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    payload: JSON.stringify({ name }),
  });
const eventsOf = (name: string) => t.database.prisma.outboxEvent.count({ where: { storeId: shop.store.id, payload: { equals: { id: name } } } });
const recordsOf = (key: string) => t.database.prisma.idempotencyRecord.findMany({ where: { storeId: shop.store.id, key: { endsWith: `:${key}` } } });

describe('A keyed write and its stored answer', () => {
  it('commit together: the answer is built reading through the write, and a repeat replays it', async () => {
    const name = `event-${randomUUID()}`;
    const key = randomUUID();
    const first = await post(name, key);
    expect(first.status).toBe(201);
    expect(first.body.data.events).toBe(1);
    const [record] = await recordsOf(key);
    expect(record!.responseStatus).toBe(201);
    expect(record!.responseBody).toBe(first.raw);
    const replay = await post(name, key);
    expect(replay.raw).toBe(first.raw);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await eventsOf(name)).toBe(1);
  });

  it('roll back together when the answer fails: no write and no record are left, so a retry runs afresh', async () => {
    const name = `event-${randomUUID()}`;
    const key = randomUUID();
    breakOnce.add(name);
    expectFailure(await post(name, key), 500, 'server_error');
    expect(await eventsOf(name)).toBe(0);
    expect(await recordsOf(key)).toEqual([]);
    const retry = await post(name, key);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.body.data.events).toBe(1);
    expect(await eventsOf(name)).toBe(1);
  });

  it('without a key, the write commits on its own as before', async () => {
    const name = `event-${randomUUID()}`;
    breakOnce.add(name);
    const failed = await call(kit, {
      method: 'POST',
      url: '/kit/events',
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name }),
    });
    expectFailure(failed, 500, 'server_error');
    expect(await eventsOf(name)).toBe(1);
  });
});
