import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../src/generated/prisma/client.js';
import { merchantScopes } from '../../src/auth/scopes.js';
import { createApiKey, revokeApiKey } from '../../src/domain/keys/manage-keys.js';
import { updateStore } from '../../src/domain/store/manage-stores.js';
import type { Database } from '../../src/platform/database/database.js';
import { sha256Hex } from '../../src/platform/crypto/tokens.js';
import { ensureDemoKeys } from '../../src/seed/demo-keys.js';
import { expectFailure } from '../support/failure.js';
import { get } from '../support/http.js';
import { makeStore } from '../support/stores.js';
import { openTestDatabase, startTestApp } from '../support/test-app.js';

// Issue 5, operability: the demo keys stay the same across restarts of one database (derived from
// the signing secret and the store id) while they, like every key, are stored only as hashes.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const ctx = () => ({ db: database.prisma, now: new Date() });
const newSecret = () => randomBytes(32).toString('base64url');
const newStore = async (dev = false): Promise<Store> => (await makeStore(database, { dev })).store;
const rowOf = (key: string) => database.prisma.apiKey.findUniqueOrThrow({ where: { secretHash: sha256Hex(key) } });
const activeDemoKeys = (store: Store) =>
  database.prisma.apiKey.findMany({ where: { storeId: store.id, label: 'demo', revokedAt: null }, orderBy: { kind: 'asc' } });

describe('The demo keys of a store', () => {
  it('are the same at every call with the same signing secret: a live public and private key', async () => {
    const [store, secret] = [await newStore(), newSecret()];
    const first = await ensureDemoKeys(ctx(), store, secret);
    expect(first).toEqual({ public: expect.stringMatching(/^pk_live_[A-Za-z0-9_-]{32}$/), private: expect.stringMatching(/^sk_live_[A-Za-z0-9_-]{32}$/) });
    expect(await ensureDemoKeys(ctx(), store, secret)).toEqual(first);
    expect((await activeDemoKeys(store)).map((k) => k.kind)).toEqual(['public', 'private']);
  });

  it('differ between stores under one secret', async () => {
    const secret = newSecret();
    const a = await ensureDemoKeys(ctx(), await newStore(), secret);
    const b = await ensureDemoKeys(ctx(), await newStore(), secret);
    expect([b.public === a.public, b.private === a.private]).toEqual([false, false]);
  });

  it('are stored like any key: the SHA-256 hash and a 12-character display prefix, never the key', async () => {
    const store = await newStore();
    const keys = await ensureDemoKeys(ctx(), store, newSecret());
    const rows = [await rowOf(keys.public), await rowOf(keys.private)];
    expect(rows.map((r) => ({ kind: r.kind, mode: r.mode, prefix: r.prefix, label: r.label, origins: r.origins, scopes: r.scopes }))).toEqual([
      { kind: 'public', mode: 'live', prefix: keys.public.slice(0, 12), label: 'demo', origins: ['*'], scopes: [] },
      { kind: 'private', mode: 'live', prefix: keys.private.slice(0, 12), label: 'demo', origins: [], scopes: [...merchantScopes] },
    ]);
    const stored = JSON.stringify(rows);
    for (const key of [keys.public, keys.private]) expect(stored).not.toContain(key.slice(12));
  });

  it('open the store: the public key on the storefront, the private key on the merchant API', async () => {
    const store = await newStore();
    const keys = await ensureDemoKeys(ctx(), store, newSecret());
    const t = await startTestApp({}, { database });
    try {
      const info = await get(t.app, '/v1/store/info', keys.public);
      expect({ status: info.status, id: info.body.data?.id }).toEqual({ status: 200, id: store.id });
      expect((await get(t.app, '/api/v1/merchant/products', keys.private)).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('change with the signing secret, and the pair of the former secret is revoked', async () => {
    const store = await newStore();
    const before = await ensureDemoKeys(ctx(), store, newSecret());
    const after = await ensureDemoKeys(ctx(), store, newSecret());
    expect([after.public === before.public, after.private === before.private]).toEqual([false, false]);
    expect([(await rowOf(before.public)).revokedAt, (await rowOf(before.private)).revokedAt]).toEqual([expect.any(Date), expect.any(Date)]);
    expect((await activeDemoKeys(store)).map((k) => k.secretHash)).toEqual([sha256Hex(after.public), sha256Hex(after.private)]);
  });

  it('never bring a revoked key back: the next call derives another one and keeps it, and the other kind stays', async () => {
    const [store, secret] = [await newStore(), newSecret()];
    const first = await ensureDemoKeys(ctx(), store, secret);
    await revokeApiKey(ctx(), (await rowOf(first.public)).id);
    const second = await ensureDemoKeys(ctx(), store, secret);
    expect({ newPublic: second.public !== first.public, samePrivate: second.private }).toEqual({ newPublic: true, samePrivate: first.private });
    expect(await ensureDemoKeys(ctx(), store, secret)).toEqual(second);
    expect((await rowOf(first.public)).revokedAt).toEqual(expect.any(Date));
  });

  it('replace demo keys minted another way (earlier versions minted a random pair at each start), and leave other keys alone', async () => {
    const { store, publicKey, privateKey } = await makeStore(database);
    const random = await createApiKey(ctx(), { store: store.slug, kind: 'public', label: 'demo' });
    await ensureDemoKeys(ctx(), store, newSecret());
    expect((await rowOf(random.secret)).revokedAt).toEqual(expect.any(Date));
    expect([(await rowOf(publicKey)).revokedAt, (await rowOf(privateKey)).revokedAt]).toEqual([null, null]);
  });

  it('follow the store mode: pk_test_/sk_test_ for a dev store, and a switch revokes the pair of the other mode', async () => {
    const [store, secret] = [await newStore(), newSecret()];
    const live = await ensureDemoKeys(ctx(), store, secret);
    const dev = await updateStore(ctx(), { store: store.slug, mode: 'dev' });
    const test = await ensureDemoKeys(ctx(), dev, secret);
    expect(test).toEqual({ public: expect.stringMatching(/^pk_test_/), private: expect.stringMatching(/^sk_test_/) });
    // Not the live keys with another prefix: knowing a revoked live key must not open the dev store.
    expect([test.public.slice(8) === live.public.slice(8), test.private.slice(8) === live.private.slice(8)]).toEqual([false, false]);
    expect([(await rowOf(live.public)).revokedAt, (await rowOf(live.private)).revokedAt]).toEqual([expect.any(Date), expect.any(Date)]);
  });

  it('give the private key every merchant scope, including scopes it did not have when it was created', async () => {
    const [store, secret] = [await newStore(), newSecret()];
    const keys = await ensureDemoKeys(ctx(), store, secret);
    await database.prisma.apiKey.update({ where: { secretHash: sha256Hex(keys.private) }, data: { scopes: [merchantScopes[0]!] } });
    expect(await ensureDemoKeys(ctx(), store, secret)).toEqual(keys);
    expect((await rowOf(keys.private)).scopes).toEqual([...merchantScopes]);
  });

  it('come out the same for two first starts racing on one database, with one row each', async () => {
    const [store, secret] = [await newStore(), newSecret()];
    const [a, b] = await Promise.all([ensureDemoKeys(ctx(), store, secret), ensureDemoKeys(ctx(), store, secret)]);
    expect(b).toEqual(a);
    expect((await activeDemoKeys(store)).map((k) => k.secretHash)).toEqual([sha256Hex(a.public), sha256Hex(a.private)]);
  });
});

describe('A revoked demo key', () => {
  it('answers like any revoked key: 401 invalid_client_key on the storefront', async () => {
    const [store, secret] = [await newStore(), newSecret()];
    const keys = await ensureDemoKeys(ctx(), store, secret);
    await revokeApiKey(ctx(), (await rowOf(keys.public)).id);
    const t = await startTestApp({}, { database });
    try {
      expectFailure(await get(t.app, '/v1/store/info', keys.public), 401, 'invalid_client_key');
    } finally {
      await t.close();
    }
  });
});
