import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installTestApp } from '../../support/custom-data.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { outboxOf, send } from '../../support/writes.js';

// Issue 20, designed updates: PATCH /metafield-definitions/{definition}, /metaobject-definitions/{type}
// and /metaobjects/{id}, behind the scopes of their resources' writes, with outbox events.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let fitId: string;
let linenId: string;

const fabric = {
  type: 'fabric',
  name: 'Fabric',
  display_field: 'title',
  fields: [
    { key: 'title', name: 'Title', type: 'text', required: true },
    { key: 'weight', name: 'Weight', type: 'number' },
  ],
};

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  const fit = await send(t.app, shop.privateKey, 'POST', '/metafield-definitions', {
    owner_type: 'product',
    namespace: 'custom',
    key: 'fit',
    name: 'Fit',
    type: 'text',
  });
  fitId = fit.body.data.id;
  expect((await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', fabric)).status).toBe(201);
  const linen = await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'linen', fields: { title: 'Linen', weight: 180 } });
  linenId = linen.body.data.id;
});
afterAll(() => t.close());

const topics = async () => (await outboxOf(t.database, shop.store)).map((e) => e.topic);

describe('PATCH /metafield-definitions/{definition}', () => {
  it('changes name, description, validations and storefront access, with a metafield_definitions/update event', async () => {
    const res = await send(t.app, shop.privateKey, 'PATCH', `/metafield-definitions/${fitId}`, {
      name: 'Cut',
      description: 'How it sits',
      validations: [{ name: 'choices', value: ['slim', 'loose'] }],
      storefront_visible: true,
      namespace: 'custom',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: fitId,
      namespace: 'custom',
      key: 'fit',
      name: 'Cut',
      description: 'How it sits',
      validations: [{ name: 'choices', value: ['slim', 'loose'] }],
      storefront_visible: true,
    });
    expect(await topics()).toContain('metafield_definitions/update');
    const pId = (await t.database.prisma.metafieldDefinition.findUniqueOrThrow({ where: { id: fitId } })).pId;
    expect((await send(t.app, shop.privateKey, 'PATCH', `/metafield-definitions/${pId}`, { description: null })).body.data.description).toBeNull();
  });

  it('answers 422 naming an immutable field that changed, and a validation the type does not take', async () => {
    for (const [field, value] of [
      ['namespace', 'other'],
      ['key', 'cut'],
      ['type', 'number'],
      ['owner_type', 'order'],
    ] as const) {
      expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/metafield-definitions/${fitId}`, { [field]: value }), field);
    }
    expectValidation(
      await send(t.app, shop.privateKey, 'PATCH', `/metafield-definitions/${fitId}`, { validations: [{ name: 'min', value: 1 }] }),
      'validations.0.name',
    );
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/metafield-definitions/${fitId}`, { installation_id: 3 }), 'installation_id');
  });

  it("answers 404 for another store's or an unknown definition", async () => {
    expectFailure(await send(t.app, other.privateKey, 'PATCH', `/metafield-definitions/${fitId}`, { name: 'X' }), 404, 'not_found');
    expectFailure(await send(t.app, shop.privateKey, 'PATCH', '/metafield-definitions/nope', { name: 'X' }), 404, 'not_found');
  });

  it("lets only the app change a definition under its namespace; the merchant's key gets 422 on namespace", async () => {
    const app = await installTestApp(t.database, shop, ['merchant-metafields-create']);
    const created = await send(t.app, app.key, 'POST', '/metafield-definitions', {
      owner_type: 'product',
      namespace: `app.${app.slug}`,
      key: 'score',
      name: 'Score',
      type: 'number',
    });
    expect(created.status).toBe(201);
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/metafield-definitions/${created.body.data.id}`, { name: 'Mine' }), 'namespace');
    expect((await send(t.app, app.key, 'PATCH', `/metafield-definitions/${created.body.data.id}`, { name: 'Stars' })).body.data.name).toBe('Stars');
  });

  it('needs merchant-metafields-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-metafields-read'] });
    expectFailure(await send(t.app, key, 'PATCH', `/metafield-definitions/${fitId}`, { name: 'X' }), 403, 'insufficient_scope');
  });
});

describe('PATCH /metaobject-definitions/{type}', () => {
  it('merges fields by key, adds new ones and changes the rest, with a metaobject_definitions/update event', async () => {
    const res = await send(t.app, shop.privateKey, 'PATCH', '/metaobject-definitions/fabric', {
      name: 'Fabrics',
      storefront_visible: true,
      fields: [
        { key: 'weight', name: 'Weight (g)', type: 'number', validations: [{ name: 'min', value: 0 }] },
        { key: 'origin', name: 'Origin', type: 'text' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'fabric', name: 'Fabrics', storefront_visible: true, display_field: 'title' });
    expect(res.body.data.fields).toEqual([
      { key: 'title', name: 'Title', type: 'text', required: true, validations: [] },
      { key: 'weight', name: 'Weight (g)', type: 'number', required: false, validations: [{ name: 'min', value: 0 }] },
      { key: 'origin', name: 'Origin', type: 'text', required: false, validations: [] },
    ]);
    expect(await topics()).toContain('metaobject_definitions/update');
  });

  it("answers 422 for a changed type, a field's changed type and a display field that is no field; 404 for another store", async () => {
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', '/metaobject-definitions/fabric', { type: 'cloth' }), 'type');
    expectValidation(
      await send(t.app, shop.privateKey, 'PATCH', '/metaobject-definitions/fabric', { fields: [{ key: 'weight', name: 'W', type: 'text' }] }),
      'fields.0.type',
    );
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', '/metaobject-definitions/fabric', { display_field: 'nope' }), 'display_field');
    expectFailure(await send(t.app, other.privateKey, 'PATCH', '/metaobject-definitions/fabric', { name: 'X' }), 404, 'not_found');
  });
});

describe('PATCH /metaobjects/{id}', () => {
  it('merges field values (null removes one), renames the handle, and checks the merged entry, with a metaobjects/update event', async () => {
    const res = await send(t.app, shop.privateKey, 'PATCH', `/metaobjects/${linenId}`, { handle: 'washed-linen', fields: { weight: null, origin: 'Belgium' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: linenId, handle: 'washed-linen', display_name: 'Linen', fields: { title: 'Linen', origin: 'Belgium' } });
    expect(await topics()).toContain('metaobjects/update');
  });

  it('answers 422 naming fields.{key} for a bad or removed required value, 409 for a taken handle, 404 for another store', async () => {
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/metaobjects/${linenId}`, { fields: { weight: -1 } }), 'fields.weight');
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/metaobjects/${linenId}`, { fields: { title: null } }), 'fields.title');
    expectValidation(await send(t.app, shop.privateKey, 'PATCH', `/metaobjects/${linenId}`, { type: 'note' }), 'type');
    await send(t.app, shop.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'wool', fields: { title: 'Wool' } });
    expectFailure(await send(t.app, shop.privateKey, 'PATCH', `/metaobjects/${linenId}`, { handle: 'wool' }), 409, 'conflict');
    expectFailure(await send(t.app, other.privateKey, 'PATCH', `/metaobjects/${linenId}`, { fields: { title: 'X' } }), 404, 'not_found');
    const entry = await t.database.prisma.metaobject.findUniqueOrThrow({ where: { id: linenId } });
    expect(entry).toMatchObject({ handle: 'washed-linen', fields: { title: 'Linen', origin: 'Belgium' } });
  });

  it('keeps every key of concurrent patches of one entry: each merges into what the last one committed', async () => {
    const results = await Promise.all(
      ['origin', 'title'].map((key, i) => send(t.app, shop.privateKey, 'PATCH', `/metaobjects/${linenId}`, { fields: { [key]: `V${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const entry = await t.database.prisma.metaobject.findUniqueOrThrow({ where: { id: linenId } });
    expect(entry.fields).toEqual({ title: 'V1', origin: 'V0' });
  });

  it('replays under an Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'patch-metaobject-1' };
    const body = { fields: { origin: 'France' } };
    const first = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/merchant/metaobjects/${linenId}`,
      headers: { 'x-client-key': shop.privateKey, ...headers },
      payload: body,
    });
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/merchant/metaobjects/${linenId}`,
      headers: { 'x-client-key': shop.privateKey, ...headers },
      payload: body,
    });
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });
});
