import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// GET|POST /metaobject-definitions and /metaobjects (merchant-metaobjects-read / -create), and the
// storefront's reads of storefront-visible types (GET /v1/store/metaobjects/{type}[/{handle}]).

let t: TestApp;
let shop: TestStore;
let other: TestStore;

const fabric = {
  type: 'fabric',
  name: 'Fabric',
  display_field: 'title',
  storefront_visible: true,
  fields: [
    { key: 'title', name: 'Title', type: 'text', required: true, validations: [{ name: 'max_length', value: 40 }] },
    { key: 'weight', name: 'Weight (g/m²)', type: 'number', validations: [{ name: 'min', value: 0 }] },
    { key: 'pairs_with', name: 'Pairs with', type: 'list.metaobject_reference', validations: [{ name: 'metaobject_type', value: 'fabric' }] },
  ],
};

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0', RATE_LIMIT_STOREFRONT: '100000' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  expect((await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', fabric)).status).toBe(201);
  expect((await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', { type: 'internal_note', name: 'Note', fields: [{ key: 'body', name: 'Body', type: 'text' }] })).status).toBe(201);
});
afterAll(() => t.close());

const createEntry = (body: Record<string, unknown>, key = shop.privateKey) => send(t.app, key, 'POST', '/metaobjects', body);

describe('POST /metaobject-definitions', () => {
  it('answers the definition with its fields, defaults filled', async () => {
    const res = await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', { type: 'care_guide', name: 'Care guide', fields: [{ key: 'steps', name: 'Steps', type: 'list.text' }] });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      type: 'care_guide',
      name: 'Care guide',
      description: null,
      display_field: null,
      storefront_visible: false,
      fields: [{ key: 'steps', name: 'Steps', type: 'list.text', required: false, validations: [] }],
      installation_id: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await outboxOf(t.database, shop.store)).toContainEqual({ topic: 'metaobject_definitions/create', payload: { id: res.body.data.id, type: 'care_guide' } });
  });

  it('answers 409 for a type already defined, and 422 naming the field for bad definitions', async () => {
    expectFailure(await send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', fabric), 409, 'conflict');
    const bad = (body: Record<string, unknown>) => send(t.app, shop.privateKey, 'POST', '/metaobject-definitions', { ...fabric, type: 'other_type', ...body });
    expectValidation(await bad({ type: 'Bad Type' }), 'type');
    expectValidation(await bad({ type: 'app_reviews' }), 'type');
    expectValidation(await bad({ display_field: 'nope' }), 'display_field');
    expectValidation(await bad({ fields: [] }), 'fields');
    expectValidation(await bad({ fields: [fabric.fields[0], fabric.fields[0]] }), 'fields.1.key');
    expectValidation(await bad({ fields: [{ key: 'x', name: 'X', type: 'boolean', validations: [{ name: 'min', value: 1 }] }], display_field: null }), 'fields.0.validations.0.name');
  });
});

describe('POST /metaobjects', () => {
  it('creates an entry checked against its definition, with a metaobjects/create event', async () => {
    const res = await createEntry({ type: 'fabric', handle: 'washed-linen', fields: { title: 'Washed linen', weight: 180 } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      type: 'fabric',
      handle: 'washed-linen',
      display_name: 'Washed linen',
      fields: { title: 'Washed linen', weight: 180 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await outboxOf(t.database, shop.store)).toContainEqual({ topic: 'metaobjects/create', payload: { id: res.body.data.id, type: 'fabric', handle: 'washed-linen' } });
  });

  it('refuses unknown fields, missing required ones, wrong types and failed validations with 422 naming fields.{key}', async () => {
    expectValidation(await createEntry({ type: 'fabric', handle: 'a', fields: { title: 'A', colour: 'red' } }), 'fields.colour');
    expectValidation(await createEntry({ type: 'fabric', handle: 'b', fields: { weight: 1 } }), 'fields.title');
    expectValidation(await createEntry({ type: 'fabric', handle: 'c', fields: { title: 'C', weight: 'heavy' } }), 'fields.weight');
    expectValidation(await createEntry({ type: 'fabric', handle: 'd', fields: { title: 'D', weight: -1 } }), 'fields.weight');
    expectValidation(await createEntry({ type: 'fabric', handle: 'e', fields: { title: 'x'.repeat(41) } }), 'fields.title');
    expectValidation(await createEntry({ type: 'fabric', handle: 'Not A Handle', fields: { title: 'F' } }), 'handle');
    expectValidation(await createEntry({ type: 'no_such_type', handle: 'g', fields: {} }), 'type');
    expect(await t.database.prisma.metaobject.count({ where: { storeId: shop.store.id, handle: { in: ['a', 'b', 'c', 'd', 'e', 'g'] } } })).toBe(0);
  });

  it('answers 422 metaobject_reference_invalid for a reference that does not resolve, or resolves to another type', async () => {
    const note = await createEntry({ type: 'internal_note', handle: 'n1', fields: { body: 'x' } });
    const missing = await createEntry({ type: 'fabric', handle: 'h', fields: { title: 'H', pairs_with: ['00000000-0000-4000-8000-000000000000'] } });
    expect(missing.status).toBe(422);
    expect(missing.body.error_code).toBe('metaobject_reference_invalid');
    expect(missing.body.message).toBe('fields.pairs_with names a metaobject of type fabric (00000000-0000-4000-8000-000000000000) that does not exist in this store.');
    const wrongType = await createEntry({ type: 'fabric', handle: 'h', fields: { title: 'H', pairs_with: [note.body.data.id] } });
    expectFailure(wrongType, 422, 'metaobject_reference_invalid', expect.stringMatching(/^fields\.pairs_with names a metaobject of type fabric/));
    const linen = await get(t.app, `${MERCHANT}/metaobjects?type=fabric`, shop.privateKey);
    const ok = await createEntry({ type: 'fabric', handle: 'h', fields: { title: 'H', pairs_with: [linen.body.data[0].id] } });
    expect(ok.status).toBe(201);
  });

  it('answers 409 for a handle already taken in the type; another type may use it', async () => {
    await createEntry({ type: 'fabric', handle: 'twice', fields: { title: 'T' } });
    expectFailure(await createEntry({ type: 'fabric', handle: 'twice', fields: { title: 'T' } }), 409, 'conflict');
    expect((await createEntry({ type: 'internal_note', handle: 'twice', fields: {} })).status).toBe(201);
  });

  it('gives exactly one 201 to concurrent creates of one handle, and clean 409s to the rest', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => createEntry({ type: 'fabric', handle: 'race', fields: { title: `R${i}` } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.status === 409)) expectFailure(r, 409, 'conflict');
    expect(await t.database.prisma.metaobject.count({ where: { storeId: shop.store.id, handle: 'race' } })).toBe(1);
  });

  it("cannot use another store's type", async () => {
    expectValidation(await createEntry({ type: 'fabric', handle: 'x', fields: { title: 'X' } }, other.privateKey), 'type');
  });
});

describe('GET /metaobjects and /metaobject-definitions', () => {
  it('lists entries oldest first, by type, paged with limit and starting_after; definitions likewise', async () => {
    const first = await get(t.app, `${MERCHANT}/metaobjects?type=fabric&limit=1`, shop.privateKey);
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { handle: string }) => e.handle)).toEqual(['washed-linen']);
    expect(first.body.has_more).toBe(true);
    const rest = await get(t.app, `${MERCHANT}/metaobjects?type=fabric&limit=100&starting_after=${first.body.next_cursor}`, shop.privateKey);
    expect(rest.body.data.every((e: { type: string }) => e.type === 'fabric')).toBe(true);
    const definitions = await get(t.app, `${MERCHANT}/metaobject-definitions`, shop.privateKey);
    expect(definitions.body.data.map((d: { type: string }) => d.type).slice(0, 2)).toEqual(['fabric', 'internal_note']);
    expect((await get(t.app, `${MERCHANT}/metaobject-definitions`, other.privateKey)).body.data).toEqual([]);
    expect((await get(t.app, `${MERCHANT}/metaobjects`, other.privateKey)).body.data).toEqual([]);
  });
});

describe('GET /v1/store/metaobjects/{type} and /{type}/{handle}', () => {
  it('serves entries of storefront-visible types to any store key', async () => {
    const list = await get(t.app, '/v1/store/metaobjects/fabric', shop.publicKey);
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ type: 'fabric', handle: 'washed-linen', display_name: 'Washed linen', fields: { title: 'Washed linen', weight: 180 } });
    const one = await get(t.app, '/v1/store/metaobjects/fabric/washed-linen', shop.publicKey);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(list.body.data[0]);
  });

  it('answers 404 for a type shoppers may not read, an unknown type or handle, and another store', async () => {
    expectFailure(await get(t.app, '/v1/store/metaobjects/internal_note', shop.publicKey), 404, 'not_found');
    expectFailure(await get(t.app, '/v1/store/metaobjects/internal_note/n1', shop.publicKey), 404, 'not_found');
    expectFailure(await get(t.app, '/v1/store/metaobjects/nothing', shop.publicKey), 404, 'not_found');
    expectFailure(await get(t.app, '/v1/store/metaobjects/fabric/nope', shop.publicKey), 404, 'not_found');
    expectFailure(await get(t.app, '/v1/store/metaobjects/fabric/washed-linen', other.publicKey), 404, 'not_found');
  });
});

describe('GET /v1/store/metaobjects in a locale', () => {
  it('translates text fields with a translation, names the locale in Content-Language, and falls back to the primary', async () => {
    const bilingual = await makeStore(t.database, { locales: ['en', 'fr'] });
    await send(t.app, bilingual.privateKey, 'POST', '/metaobject-definitions', fabric);
    const entry = await send(t.app, bilingual.privateKey, 'POST', '/metaobjects', { type: 'fabric', handle: 'linen', fields: { title: 'Linen', weight: 180 } });
    await t.database.prisma.translation.create({
      data: { storeId: bilingual.store.id, resourceType: 'metaobject', resourceId: entry.body.data.id, locale: 'fr', fields: { title: 'Lin' } },
    });
    const one = await get(t.app, '/v1/store/metaobjects/fabric/linen?locale=fr', bilingual.publicKey);
    expect(one.status).toBe(200);
    expect(one.headers['content-language']).toBe('fr');
    expect(one.body.data).toMatchObject({ display_name: 'Lin', fields: { title: 'Lin', weight: 180 } });
    const list = await get(t.app, '/v1/store/metaobjects/fabric?locale=fr', bilingual.publicKey);
    expect(list.headers['content-language']).toBe('fr');
    expect(list.body.data).toEqual([one.body.data]);
    const fallback = await get(t.app, '/v1/store/metaobjects/fabric/linen?locale=xx', bilingual.publicKey);
    expect(fallback.headers['content-language']).toBe('en');
    expect(fallback.body.data).toMatchObject({ display_name: 'Linen', fields: { title: 'Linen' } });
  });
});
