import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestApp } from '../../support/custom-data.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// GET|POST /metafield-definitions (merchant-metafields-read / -create): typed metafields per owner
// type; app.{slug} only from that app's installation, bazaar.* from nobody.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let reviews: { slug: string; installationId: number; key: string };
let badges: { slug: string; installationId: number; key: string };

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  reviews = await installTestApp(t.database, shop);
  badges = await installTestApp(t.database, shop);
});
afterAll(() => t.close());

const define = (body: Record<string, unknown>, key = shop.privateKey) => send(t.app, key, 'POST', '/metafield-definitions', body);
const material = { owner_type: 'product', namespace: 'custom', key: 'material', name: 'Material', type: 'text' };

describe('POST /metafield-definitions', () => {
  it('defines a metafield: 201 with the definition, and a metafield_definitions/create event', async () => {
    const res = await define({
      ...material,
      description: 'What it is made of',
      validations: [{ name: 'choices', value: ['wool', 'linen'] }],
      storefront_visible: true,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Metafield definition created',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        owner_type: 'product',
        namespace: 'custom',
        key: 'material',
        name: 'Material',
        description: 'What it is made of',
        type: 'text',
        validations: [{ name: 'choices', value: ['wool', 'linen'] }],
        storefront_visible: true,
        installation_id: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(await outboxOf(t.database, shop.store)).toContainEqual({
      topic: 'metafield_definitions/create',
      payload: { id: res.body.data.id, owner_type: 'product', namespace: 'custom', key: 'material' },
    });
  });

  it('answers 409 conflict for an owner type, namespace and key already defined; another owner type may use them', async () => {
    await define({ ...material, key: 'twice' });
    expectFailure(await define({ ...material, key: 'twice' }), 409, 'conflict');
    expect((await define({ ...material, key: 'twice', owner_type: 'order' })).status).toBe(201);
  });

  it('replays the stored answer under the same Idempotency-Key', async () => {
    const body = JSON.stringify({ ...material, key: 'idem' });
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'def-idem-1' };
    const first = await call(t.app, { method: 'POST', url: `${MERCHANT}/metafield-definitions`, key: shop.privateKey, headers, payload: body });
    const again = await call(t.app, { method: 'POST', url: `${MERCHANT}/metafield-definitions`, key: shop.privateKey, headers, payload: body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await t.database.prisma.metafieldDefinition.count({ where: { storeId: shop.store.id, key: 'idem' } })).toBe(1);
  });

  it('refuses bad input with 422 naming the field', async () => {
    expectValidation(await define({ ...material, owner_type: 'page' }), 'owner_type');
    expectValidation(await define({ ...material, type: 'colour' }), 'type');
    expectValidation(await define({ ...material, key: 'Has Space' }), 'key');
    expectValidation(await define({ ...material, namespace: 'a..b' }), 'namespace');
    expectValidation(await define({ ...material, key: 'v1', validations: [{ name: 'min', value: 1 }] }), 'validations.0.name');
    expectValidation(await define({ ...material, key: 'v2', validations: [{ name: 'max_length', value: -1 }] }), 'validations.0.value');
    expectValidation(await define({ ...material, key: 'v3', colour: 'red' }), 'colour');
    const { name: _name, ...nameless } = material;
    expectValidation(await define(nameless), 'name');
  });

  it('needs merchant-metafields-create', async () => {
    const readOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-metafields-read'] });
    expectFailure(await define({ ...material, key: 'scoped' }, readOnly), 403, 'insufficient_scope');
  });
});

describe('who may define under which namespace', () => {
  it("lets an app's installation define under its own app.{slug}, and below it, recording the installation", async () => {
    const res = await define({ ...material, namespace: `app.${reviews.slug}`, key: 'score', type: 'number' }, reviews.key);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ namespace: `app.${reviews.slug}`, installation_id: reviews.installationId });
    expect((await define({ ...material, namespace: `app.${reviews.slug}.extra`, key: 'score' }, reviews.key)).status).toBe(201);
  });

  it("refuses the merchant's own key under any app.* namespace, with 422 naming namespace", async () => {
    for (const namespace of [`app.${reviews.slug}`, 'app', 'app.unknown']) {
      const res = await define({ ...material, namespace }, shop.privateKey);
      expectValidation(res, 'namespace');
      expect(res.body.errors.namespace[0]).toContain('belong to installed apps');
    }
  });

  it("refuses another app's namespace, and a namespace that merely starts with the app's slug", async () => {
    expectValidation(await define({ ...material, namespace: `app.${reviews.slug}` }, badges.key), 'namespace');
    expectValidation(await define({ ...material, namespace: `app.${badges.slug}x` }, badges.key), 'namespace');
    expect((await define({ ...material, namespace: `app.${badges.slug}` }, badges.key)).status).toBe(201);
  });

  it('refuses bazaar.* to everyone, apps included', async () => {
    for (const key of [shop.privateKey, reviews.key]) {
      for (const namespace of ['bazaar', 'bazaar.internal']) {
        const res = await define({ ...material, namespace }, key);
        expectValidation(res, 'namespace');
        expect(res.body.errors.namespace).toEqual(['bazaar.* is reserved for the platform']);
      }
    }
  });

  it('lets an app define under a shared namespace such as custom', async () => {
    expect((await define({ ...material, key: 'from-app' }, reviews.key)).status).toBe(201);
  });
});

describe('GET /metafield-definitions', () => {
  it('lists oldest first, filters by owner type and walks pages with limit and starting_after', async () => {
    const store = await makeStore(t.database);
    for (const [owner_type, key] of [['product', 'a'], ['order', 'b'], ['product', 'c'], ['variant', 'd']]) {
      expect((await define({ ...material, owner_type, key }, store.privateKey)).status).toBe(201);
    }
    const all = await get(t.app, `${MERCHANT}/metafield-definitions`, store.privateKey);
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { key: string }) => d.key)).toEqual(['a', 'b', 'c', 'd']);
    const products = await get(t.app, `${MERCHANT}/metafield-definitions?owner_type=product&limit=1`, store.privateKey);
    expect(products.body.data.map((d: { key: string }) => d.key)).toEqual(['a']);
    expect(products.body.has_more).toBe(true);
    const next = await get(t.app, `${MERCHANT}/metafield-definitions?owner_type=product&limit=1&starting_after=${products.body.next_cursor}`, store.privateKey);
    expect(next.body.data.map((d: { key: string }) => d.key)).toEqual(['c']);
    expect(next.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("shows only the store's own definitions: another store sees none of them", async () => {
    const mine = await get(t.app, `${MERCHANT}/metafield-definitions?limit=100`, shop.privateKey);
    expect(mine.body.data.length).toBeGreaterThan(0);
    const theirs = await get(t.app, `${MERCHANT}/metafield-definitions`, other.privateKey);
    expect(theirs.body.data).toEqual([]);
    expect((await define(material, other.privateKey)).status).toBe(201);
  });

  it('refuses a bad limit or owner type with 422 naming it', async () => {
    expectValidation(await get(t.app, `${MERCHANT}/metafield-definitions?limit=101`, shop.privateKey), 'limit');
    expectValidation(await get(t.app, `${MERCHANT}/metafield-definitions?owner_type=page`, shop.privateKey), 'owner_type');
  });
});
