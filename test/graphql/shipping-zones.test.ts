import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, graphql } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT, outboxOf } from '../support/writes.js';

// The shipping zone fields of GraphQL: the same domain calls as REST behind the same scopes, with a
// caller's mistakes as userErrors named by their input path.

const ILLINOIS = 840000017;
const ADDISON = 840005677;
const ACTON = 840001989; // an area of California

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_GRAPHQL: '0', RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

const userErrors = 'userErrors { field code message }';
const zoneFields =
  'uuid name zoneType countries stateIds areaIds currency baseRate perKgRate minWeightKg maxWeightKg minDays maxDays active position createdAt updatedAt';
const zoneCreate = `mutation($input: ShippingZoneInput!) { shippingZoneCreate(input: $input) { shippingZone { ${zoneFields} } ${userErrors} } }`;
const zoneReplace = `mutation($id: UUID!, $input: ShippingZoneInput!) { shippingZoneReplace(id: $id, input: $input) { shippingZone { ${zoneFields} } ${userErrors} } }`;
const zoneList = `query($first: Int, $after: String) { merchant { shippingZones(first: $first, after: $after) {
  edges { node { name position } } pageInfo { hasNextPage endCursor } } } }`;
const minimal = { name: 'Graph zone', zoneType: 'NATIONAL', baseRate: '5', minDays: 1, maxDays: 3 };

const makeZone = async (input: Record<string, unknown>, key = shop.privateKey) => {
  const res = await graphql(t.app, key, zoneCreate, { input: { ...minimal, ...input } });
  expect(res.body.errors, res.raw).toBeUndefined();
  return res.body.data.shippingZoneCreate;
};
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });

describe('shippingZoneCreate', () => {
  it('creates a zone and answers it as REST lists it', async () => {
    const { shippingZone, userErrors: errors } = await makeZone({
      name: 'Illinois',
      zoneType: 'LOCAL',
      countries: ['us'],
      stateIds: [ILLINOIS],
      areaIds: [ADDISON],
      baseRate: 4.5,
      perKgRate: '1.2',
      minWeightKg: '0.25',
      maxWeightKg: 10,
      active: false,
      sortOrder: 4,
    });
    expect(errors).toEqual([]);
    const row = await t.database.prisma.shippingZone.findUniqueOrThrow({ where: { id: shippingZone.uuid } });
    expect(shippingZone).toEqual({
      uuid: row.id,
      name: 'Illinois',
      zoneType: 'LOCAL',
      countries: ['US'],
      stateIds: [ILLINOIS],
      areaIds: [ADDISON],
      currency: shop.store.currency,
      baseRate: '4.50',
      perKgRate: '1.20',
      minWeightKg: '0.250',
      maxWeightKg: '10.000',
      minDays: 1,
      maxDays: 3,
      active: false,
      position: 4,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
    const rest = await get(t.app, `${MERCHANT}/shipping-zones?limit=100`, shop.privateKey);
    expect(rest.body.data).toContainEqual(expect.objectContaining({ id: row.id, zone_type: 'local', base_rate: '4.50', min_weight_kg: '0.250', position: 4 }));
    expect(await outboxOf(t.database, shop.store)).toContainEqual({ topic: 'shipping_zones/create', payload: { id: row.id } });
  });

  it('answers mistakes as userErrors on their input path and writes nothing', async () => {
    const before = await t.database.prisma.shippingZone.count({ where: { storeId: shop.store.id } });
    const cases: [Record<string, unknown>, string][] = [
      [{ baseRate: '1.001' }, 'input.baseRate'],
      [{ minWeightKg: '0.0001' }, 'input.minWeightKg'],
      [{ minDays: 4, maxDays: 2 }, 'input.maxDays'],
      [{ countries: ['ZZ'] }, 'input.countries.0'],
      [{ stateIds: [ILLINOIS], areaIds: [ACTON] }, 'input.areaIds.0'],
      [{ stateIds: [42] }, 'input.stateIds.0'],
    ];
    for (const [input, field] of cases) {
      const { shippingZone, userErrors: errors } = await makeZone(input);
      expect(shippingZone).toBeNull();
      expect(errors).toEqual([{ field, code: 'validation_failed', message: expect.any(String) }]);
    }
    expect(await t.database.prisma.shippingZone.count({ where: { storeId: shop.store.id } })).toBe(before);
  });

  it('refuses a key without merchant-shipping-create with insufficient_scope', async () => {
    const res = await graphql(t.app, await keyWith('merchant-shipping-read', 'merchant-shipping-update'), zoneCreate, { input: minimal });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('shippingZoneReplace', () => {
  it('replaces the whole zone: fields left out or null go back to their defaults', async () => {
    const made = (await makeZone({ countries: ['US'], perKgRate: '2', maxWeightKg: 5, active: false, sortOrder: 9 })).shippingZone;
    const res = await graphql(t.app, shop.privateKey, zoneReplace, {
      id: made.uuid,
      input: { name: 'Replaced', zoneType: 'INTERNATIONAL', baseRate: 7, minDays: 2, maxDays: 6, perKgRate: null },
    });
    expect(res.body.data.shippingZoneReplace).toEqual({
      shippingZone: {
        ...made,
        name: 'Replaced',
        zoneType: 'INTERNATIONAL',
        countries: [],
        baseRate: '7.00',
        perKgRate: null,
        maxWeightKg: null,
        minDays: 2,
        maxDays: 6,
        active: true,
        position: 0,
        updatedAt: expect.any(String),
      },
      userErrors: [],
    });
    expect(await outboxOf(t.database, shop.store)).toContainEqual({ topic: 'shipping_zones/update', payload: { id: made.uuid } });
  });

  it("names another store's zone as not found and changes nothing", async () => {
    const theirs = (await makeZone({ name: 'Theirs' }, other.privateKey)).shippingZone;
    const res = await graphql(t.app, shop.privateKey, zoneReplace, { id: theirs.uuid, input: { ...minimal, name: 'Mine now' } });
    expect(res.body.data.shippingZoneReplace).toEqual({
      shippingZone: null,
      userErrors: [{ field: null, code: 'not_found', message: 'Shipping zone not found.' }],
    });
    expect((await t.database.prisma.shippingZone.findUniqueOrThrow({ where: { id: theirs.uuid } })).name).toBe('Theirs');
  });

  it('refuses a key without merchant-shipping-update with insufficient_scope', async () => {
    const made = (await makeZone({ name: 'Scoped' })).shippingZone;
    const res = await graphql(t.app, await keyWith('merchant-shipping-create'), zoneReplace, { id: made.uuid, input: minimal });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});

describe('merchant.shippingZones', () => {
  it("walks the store's zones by position with the REST cursors, never another store's", async () => {
    const listed = await makeStore(t.database);
    for (const [name, sortOrder] of [
      ['Second', 1],
      ['First', 0],
      ['Third', 2],
    ] as const) {
      await makeZone({ name, sortOrder }, listed.privateKey);
    }
    await makeZone({ name: 'Elsewhere' }, other.privateKey);
    const page = await graphql(t.app, listed.privateKey, zoneList, { first: 2 });
    expect(page.body.data.merchant.shippingZones).toEqual({
      edges: [{ node: { name: 'First', position: 0 } }, { node: { name: 'Second', position: 1 } }],
      pageInfo: { hasNextPage: true, endCursor: expect.any(String) },
    });
    const cursor = page.body.data.merchant.shippingZones.pageInfo.endCursor;
    const next = await graphql(t.app, listed.privateKey, zoneList, { first: 2, after: cursor });
    expect(next.body.data.merchant.shippingZones).toEqual({
      edges: [{ node: { name: 'Third', position: 2 } }],
      pageInfo: { hasNextPage: false, endCursor: expect.any(String) },
    });
    const rest = await get(t.app, `${MERCHANT}/shipping-zones?starting_after=${cursor}`, listed.privateKey);
    expect(rest.body.data.map((z: { name: string }) => z.name)).toEqual(['Third']);
  });

  it('refuses a key without merchant-shipping-read with insufficient_scope', async () => {
    const res = await graphql(t.app, await keyWith('merchant-shipping-create'), zoneList, { first: 1 });
    expect(res.body.errors[0].extensions.code).toBe('insufficient_scope');
  });
});
