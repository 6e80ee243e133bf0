import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scope } from '../../../src/auth/requirements.js';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_WINDOW_MS } from '../../../src/domain/idempotency/idempotent-call.js';
import { loadServerSecret } from '../../../src/platform/crypto/server-secret.js';
import type { Database } from '../../../src/platform/database/database.js';
import { ApiError } from '../../../src/platform/errors/api-error.js';
import type { Kv } from '../../../src/platform/kv/kv.js';
import { openApiDocument } from '../../../src/rest/kit/openapi.js';
import { defineRoute } from '../../../src/rest/kit/route.js';
import { registerSurface } from '../../../src/rest/kit/surface.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, type Call } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { openTestDatabase, openTestKv, startTestApp, type TestApp } from '../../support/test-app.js';

// The Idempotency-Key convention (merchant spec, Conventions) as the REST kit applies it to every
// write: routes defined here, registered on a surface of their own, over a real database. The
// routes do nothing about idempotency themselves; that is the point.

/** How often each handler body ran, by the title it was given. */
const runs = new Map<string, number>();
const ran = (title: string) => runs.get(title) ?? 0;
/** Titles whose handler waits for the test to let it finish, and how to let it. */
const gates = new Map<string, { entered: () => void; release: Promise<void> }>();
let failuresLeft = 0;

const upload = z.object({ filename: z.string(), mimetype: z.string(), data: z.instanceof(Buffer) });

const createThing = defineRoute({
  method: 'POST',
  url: '/things',
  operationId: 'createThing',
  summary: 'Create a thing',
  tag: 'Test',
  auth: scope('merchant-items-create'),
  uploads: true,
  body: z.object({ title: z.string().min(1), note: z.string().optional(), file: upload.optional() }),
  answer: z.unknown(),
  status: 201,
  handle: async (_ctx, { body }) => {
    const gate = gates.get(body.title);
    if (gate) {
      gate.entered();
      await gate.release;
    }
    if (body.title === 'flaky' && failuresLeft > 0) {
      failuresLeft -= 1;
      throw new ApiError('service_unavailable', 'Try again.');
    }
    const n = ran(body.title) + 1;
    runs.set(body.title, n);
    const id = randomUUID();
    return {
      body: {
        status: 'success',
        message: 'Thing created',
        data: { id, title: body.title, run: n, note: body.note ?? null, bytes: body.file?.data.length ?? null },
      },
      headers: { location: `/kit/things/${id}` },
    };
  },
});

const renameThing = defineRoute({
  method: 'PUT',
  url: '/things/:thing',
  operationId: 'renameThing',
  summary: 'Rename a thing',
  tag: 'Test',
  auth: scope('merchant-items-update'),
  params: z.object({ thing: z.string() }),
  body: z.object({ title: z.string().min(1) }),
  answer: z.unknown(),
  handle: async (_ctx, { params, body }) => {
    runs.set(body.title, ran(body.title) + 1);
    return { body: { status: 'success', message: 'Thing updated', data: { id: params.thing, title: body.title } } };
  },
});

const readThing = defineRoute({
  method: 'GET',
  url: '/things',
  operationId: 'listThings',
  summary: 'Count reads',
  tag: 'Test',
  auth: scope('merchant-items-read'),
  answer: z.unknown(),
  handle: async () => {
    runs.set('GET', ran('GET') + 1);
    return { body: { reads: ran('GET') } };
  },
});

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let app: FastifyInstance;

async function kitApp(database: Database, kv: Kv): Promise<FastifyInstance> {
  const kit = Fastify();
  kit.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const secret = await loadServerSecret(database.prisma, undefined);
  await registerSurface(
    kit,
    { config: t.config, database, kv, secret },
    {
      surface: 'merchant',
      prefix: '/kit',
      routes: [createThing, renameThing, readThing],
      rateLimitPerMinute: 0,
      notFound: () => new ApiError('route_not_available', 'no'),
    },
  );
  await kit.ready();
  return kit;
}

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  app = await kitApp(t.database, t.kv);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

function post(target: FastifyInstance, body: unknown, headers: Record<string, string>, key = shop.privateKey) {
  return call(target, {
    method: 'POST',
    url: '/kit/things',
    key,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

const newKey = () => `key-${randomUUID()}`;
const title = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

function recordsOf(store: TestStore, key: string) {
  return t.database.prisma.idempotencyRecord.findMany({ where: { storeId: store.store.id, key: { endsWith: `:${key}` } } });
}

function expectReplayOf(replay: Call, first: Call) {
  expect(replay.status).toBe(first.status);
  expect(replay.raw).toBe(first.raw);
  expect(replay.headers.location).toBe(first.headers.location);
  expect(replay.headers['content-type']).toBe(first.headers['content-type']);
  expect(replay.headers['idempotent-replayed']).toBe('true');
}

function gate(name: string) {
  let entered!: () => void;
  let release!: () => void;
  const hasEntered = new Promise<void>((resolve) => (entered = resolve));
  gates.set(name, { entered, release: new Promise<void>((resolve) => (release = resolve)) });
  return { hasEntered, release };
}

describe('A write repeated with the same Idempotency-Key and body', () => {
  it('runs once and replays the stored answer: status, exact body, Location, with Idempotent-Replayed: true', async () => {
    const key = newKey();
    const name = title('lamp');
    const first = await post(app, { title: name, note: 'a' }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(first.body.data).toEqual({ id: expect.any(String), title: name, run: 1, note: 'a', bytes: null });
    expect(first.headers.location).toBe(`/kit/things/${first.body.data.id}`);

    // The same body in another key order is the same call.
    const replay = await call(app, {
      method: 'POST',
      url: '/kit/things',
      key: shop.privateKey,
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      payload: `{"note":"a","title":${JSON.stringify(name)}}`,
    });
    expectReplayOf(replay, first);
    expect(replay.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(ran(name)).toBe(1);
    expect(await recordsOf(shop, key)).toHaveLength(1);
  });

  it('without a key, runs every time', async () => {
    const name = title('plain');
    await post(app, { title: name }, {});
    const second = await post(app, { title: name }, {});
    expect(second.status).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(ran(name)).toBe(2);
  });

  it('ignores the key on reads, which are safe to retry', async () => {
    const key = newKey();
    const before = ran('GET');
    const first = await call(app, { method: 'GET', url: '/kit/things', key: shop.privateKey, headers: { 'idempotency-key': key } });
    const second = await call(app, { method: 'GET', url: '/kit/things', key: shop.privateKey, headers: { 'idempotency-key': key } });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(ran('GET')).toBe(before + 2);
    expect(await recordsOf(shop, key)).toEqual([]);
  });

  it('replays multipart bodies, and tells files apart by their bytes', async () => {
    const key = newKey();
    const name = title('upload');
    const form = (content: string) => {
      const boundary = 'idem-boundary';
      return {
        payload: [
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${name}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${content}`,
          `--${boundary}--\r\n`,
        ].join('\r\n'),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': key },
      };
    };
    const send = (content: string) => call(app, { method: 'POST', url: '/kit/things', key: shop.privateKey, ...form(content) });
    const first = await send('PNG-ONE');
    expect(first.status, first.raw).toBe(201);
    expect(first.body.data.bytes).toBe(7);
    expectReplayOf(await send('PNG-ONE'), first);
    expectFailure(await send('PNG-TWO'), 409, 'idempotency_key_reuse');
    expect(ran(name)).toBe(1);
  });
});

describe('The same Idempotency-Key with another request', () => {
  it('answers 409 idempotency_key_reuse for another body, and runs nothing', async () => {
    const key = newKey();
    const name = title('reuse');
    expect((await post(app, { title: name }, { 'idempotency-key': key })).status).toBe(201);
    expectFailure(await post(app, { title: name, note: 'changed' }, { 'idempotency-key': key }), 409, 'idempotency_key_reuse');
    expect(ran(name)).toBe(1);
  });

  it('answers 409 idempotency_key_reuse for another operation or path, and runs nothing', async () => {
    const key = newKey();
    const name = title('path');
    const put = (thing: string) =>
      call(app, {
        method: 'PUT',
        url: `/kit/things/${thing}`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        payload: JSON.stringify({ title: name }),
      });
    expect((await put('a')).status).toBe(200);
    expect((await put('a')).headers['idempotent-replayed']).toBe('true');
    expectFailure(await put('b'), 409, 'idempotency_key_reuse');
    expectFailure(await post(app, { title: name }, { 'idempotency-key': key }), 409, 'idempotency_key_reuse');
    expect(ran(name)).toBe(1);
  });

  it('is independent in another store: two stores may use one key string', async () => {
    const key = newKey();
    const name = title('two-stores');
    const a = await post(app, { title: name }, { 'idempotency-key': key });
    const b = await post(app, { title: name }, { 'idempotency-key': key }, other.privateKey);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(ran(name)).toBe(2);
    expect(await recordsOf(shop, key)).toHaveLength(1);
    expect(await recordsOf(other, key)).toHaveLength(1);
  });

  it('is independent for another API key of the same store: an answer is replayed only to its own caller', async () => {
    const key = newKey();
    const name = title('two-keys');
    const secondKey = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-create'] });
    const a = await post(app, { title: name }, { 'idempotency-key': key });
    const b = await post(app, { title: name }, { 'idempotency-key': key }, secondKey);
    expect(b.status).toBe(201);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(ran(name)).toBe(2);
  });
});

describe('A second call while the first still runs', () => {
  it('answers 409 idempotency_key_in_progress with Retry-After, then the finished answer is replayed', async () => {
    const key = newKey();
    const name = title('slow');
    const { hasEntered, release } = gate(name);
    const first = post(app, { title: name }, { 'idempotency-key': key });
    await hasEntered;
    const second = await post(app, { title: name }, { 'idempotency-key': key });
    expectFailure(second, 409, 'idempotency_key_in_progress');
    expect(second.headers['retry-after']).toBe('1');
    // Another body under the running key is a reuse, not a wait.
    expectFailure(await post(app, { title: name, note: 'x' }, { 'idempotency-key': key }), 409, 'idempotency_key_reuse');
    release();
    const done = await first;
    expect(done.status).toBe(201);
    expectReplayOf(await post(app, { title: name }, { 'idempotency-key': key }), done);
    expect(ran(name)).toBe(1);
  });
});

describe('A failed call', () => {
  it('is not stored: a retry with the same key runs again and succeeds', async () => {
    const key = newKey();
    failuresLeft = 1;
    expectFailure(await post(app, { title: 'flaky' }, { 'idempotency-key': key }), 503, 'service_unavailable');
    expect(await recordsOf(shop, key)).toEqual([]);
    const retry = await post(app, { title: 'flaky' }, { 'idempotency-key': key });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(failuresLeft).toBe(0);
  });

  it('is not stored when the input is refused: the corrected body may take the same key', async () => {
    const key = newKey();
    expectValidation(await post(app, { title: '' }, { 'idempotency-key': key }), 'title');
    expect(await recordsOf(shop, key)).toEqual([]);
    const corrected = await post(app, { title: title('corrected') }, { 'idempotency-key': key });
    expect(corrected.status).toBe(201);
  });

  it('refuses a malformed key with 422 naming Idempotency-Key, before anything runs', async () => {
    const name = title('bad-key');
    expectValidation(await post(app, { title: name }, { 'idempotency-key': 'has space' }), 'Idempotency-Key');
    expect(ran(name)).toBe(0);
  });
});

describe('Expiry', () => {
  it('after the 24-hour window the key runs a new call', async () => {
    const key = newKey();
    const name = title('expiring');
    const first = await post(app, { title: name }, { 'idempotency-key': key });
    const [record] = await recordsOf(shop, key);
    expect(record!.expiresAt.getTime() - record!.createdAt.getTime()).toBe(IDEMPOTENCY_WINDOW_MS);
    await t.database.prisma.idempotencyRecord.update({ where: { id: record!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await post(app, { title: name }, { 'idempotency-key': key });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.data.id).not.toBe(first.body.data.id);
    expect(ran(name)).toBe(2);
    expect(await recordsOf(shop, key)).toHaveLength(1);
  });

  it('a running call holds its key for a bounded lease; a call left behind by a dead process is taken over after it', async () => {
    const key = newKey();
    const name = title('abandoned');
    const { hasEntered, release } = gate(name);
    const stuck = post(app, { title: name }, { 'idempotency-key': key });
    await hasEntered;
    const [claim] = await recordsOf(shop, key);
    expect(claim!.responseStatus).toBeNull();
    expect(claim!.expiresAt.getTime() - claim!.createdAt.getTime()).toBe(IDEMPOTENCY_LEASE_MS);
    // The lease runs out (as it would for a process that died mid-call): the next call takes the key.
    await t.database.prisma.idempotencyRecord.update({ where: { id: claim!.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    gates.delete(name);
    const takeover = await post(app, { title: name }, { 'idempotency-key': key });
    expect(takeover.status).toBe(201);
    expect(takeover.body.data.run).toBe(1);
    // The old call finishing late does not overwrite the answer that now belongs to the key.
    release();
    expect((await stuck).body.data.run).toBe(2);
    expectReplayOf(await post(app, { title: name }, { 'idempotency-key': key }), takeover);
  });

  it("expired records are purged by a store's first idempotent call of the hour", async () => {
    const fresh = await makeStore(t.database);
    const expired = await t.database.prisma.idempotencyRecord.create({
      data: { storeId: fresh.store.id, key: 'old:key', fingerprint: '0'.repeat(64), expiresAt: new Date(Date.now() - 1000) },
    });
    const live = await t.database.prisma.idempotencyRecord.create({
      data: { storeId: shop.store.id, key: 'other-store:key', fingerprint: '0'.repeat(64), expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await post(app, { title: title('purge') }, { 'idempotency-key': newKey() }, fresh.privateKey)).status).toBe(201);
    expect(await t.database.prisma.idempotencyRecord.findUnique({ where: { id: expired.id } })).toBeNull();
    // Only the calling store's records: the other store's wait for its own purge.
    expect(await t.database.prisma.idempotencyRecord.findUnique({ where: { id: live.id } })).not.toBeNull();
  });
});

/** Exactly one call ran; every other answer is a replay of it or an in-progress refusal. */
function expectOneRun(answers: Call[], name: string) {
  const ranHere = answers.filter((a) => a.status === 201 && a.headers['idempotent-replayed'] === undefined);
  expect(ranHere).toHaveLength(1);
  expect(ran(name)).toBe(1);
  for (const answer of answers) {
    if (answer === ranHere[0]) continue;
    if (answer.status === 409) expectFailure(answer, 409, 'idempotency_key_in_progress');
    else expectReplayOf(answer, ranHere[0]!);
  }
}

describe('50 concurrent calls with one key and body', () => {
  it('run once and store one record; every other answer is a replay or in progress', async () => {
    const key = newKey();
    const name = title('burst');
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(app, { title: name }, { 'idempotency-key': key })));
    expectOneRun(answers, name);
    expect(await recordsOf(shop, key)).toHaveLength(1);
  });

  it('run once across two app instances on one database', async () => {
    // On PostgreSQL the second instance has its own pool and KV connection, as a second process
    // would; the embedded PGlite is one process by nature, so both instances share it.
    const database = process.env.TEST_DATABASE_URL ? await openTestDatabase() : t.database;
    const kv = openTestKv();
    const second = await kitApp(database, kv);
    try {
      const key = newKey();
      const name = title('fleet');
      const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post(i % 2 ? second : app, { title: name }, { 'idempotency-key': key })));
      expectOneRun(answers, name);
      expect(await recordsOf(shop, key)).toHaveLength(1);
    } finally {
      await second.close();
      await kv.close();
      if (database !== t.database) await database.close();
    }
  });
});

describe('OpenAPI of a write operation', () => {
  const document = openApiDocument({ title: 'Kit', version: '1', description: 'Kit', serverUrl: 'http://bazaar.test/kit', routes: [renameThing, readThing] });
  const write = document.paths!['/things/{thing}']!.put!;
  const read = document.paths!['/things']!.get!;

  it('documents the Idempotency-Key header, the replay marker and the 409 answers', () => {
    const header = write.parameters?.find((p) => 'in' in p && p.in === 'header');
    expect(header).toMatchObject({ name: 'Idempotency-Key', schema: { type: 'string', minLength: 1, maxLength: 255 } });
    expect(header).not.toHaveProperty('required');
    expect(write.responses!['200']).toMatchObject({ headers: { 'Idempotent-Replayed': expect.any(Object) } });
    expect(write.responses!['409']).toMatchObject({ description: expect.stringContaining('idempotency_key_reuse') });
  });

  it('leaves reads without them', () => {
    expect(read.parameters ?? []).toEqual([]);
    expect(read.responses!['409']).toBeUndefined();
  });
});
