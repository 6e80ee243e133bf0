import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// The shipping zone operations: GET /shipping-zones (merchant-shipping-read), POST /shipping-zones
// (merchant-shipping-create) and PUT /shipping-zones/{zone} (merchant-shipping-update).

// Region ids of data/regions/US.json.
const ILLINOIS = 840000017;
const ADDISON = 840005677; // an area of Illinois
const ABINGDON = 840005675; // another
const CALIFORNIA = 840000006;
const ACTON = 840001989; // an area of California

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(async () => {
  await t.close();
});

const create = (body: unknown, key = shop.privateKey) => send(t.app, key, 'POST', '/shipping-zones', body);
const replace = (id: string, body: unknown, key = shop.privateKey) => send(t.app, key, 'PUT', `/shipping-zones/${id}`, body);
const zoneCount = (store = shop) => t.database.prisma.shippingZone.count({ where: { storeId: store.store.id } });
const keyWith = (...scopes: string[]) => makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });
const minimal = { name: 'Everywhere', zone_type: 'national', base_rate: 5, min_days: 1, max_days: 4 };
const full = {
  name: 'Illinois express',
  zone_type: 'local',
  countries: ['us'],
  state_ids: [ILLINOIS],
  area_ids: [ADDISON, ABINGDON],
  base_rate: '4.5',
  per_kg_rate: 1.25,
  min_weight_kg: '0.5',
  max_weight_kg: 30,
  min_days: 1,
  max_days: 2,
  active: false,
  sort_order: 3,
};
const readOnly = ['id', 'currency', 'position', 'created_at', 'updated_at'] as const;

/** The GET body of a zone as a write body: read-only fields dropped, `position` sent back as `sort_order`. */
function asWriteBody(zone: Record<string, unknown>) {
  const body: Record<string, unknown> = { ...zone, sort_order: zone.position };
  for (const field of readOnly) delete body[field];
  return body;
}

describe('POST /shipping-zones', () => {
  it('creates a zone with every field, answering 201, Location and the Shipping zone object, with one event', async () => {
    const res = await create(full);
    expect(res.status, res.raw).toBe(201);
    const row = await t.database.prisma.shippingZone.findFirstOrThrow({ where: { storeId: shop.store.id, name: 'Illinois express' } });
    expect(res.headers.location).toBe(`${MERCHANT}/shipping-zones/${row.id}`);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Shipping zone created',
      data: {
        id: row.id,
        name: 'Illinois express',
        zone_type: 'local',
        countries: ['US'],
        state_ids: [ILLINOIS],
        area_ids: [ADDISON, ABINGDON],
        currency: shop.store.currency,
        base_rate: '4.50',
        per_kg_rate: '1.25',
        min_weight_kg: '0.500',
        max_weight_kg: '30.000',
        min_days: 1,
        max_days: 2,
        active: false,
        position: 3,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic.startsWith('shipping_zones/'))).toContainEqual({
      topic: 'shipping_zones/create',
      payload: { id: row.id },
    });
  });

  it('creates from the required fields alone with the documented defaults', async () => {
    const res = await create(minimal);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      countries: [],
      state_ids: [],
      area_ids: [],
      base_rate: '5.00',
      per_kg_rate: null,
      min_weight_kg: null,
      max_weight_kg: null,
      active: true,
      position: 0,
    });
  });

  it('takes money and weights as strings or numbers, and text forms of integers and booleans', async () => {
    const res = await create({
      ...minimal,
      base_rate: '0',
      per_kg_rate: '0.10',
      min_weight_kg: 0.001,
      max_weight_kg: '2',
      min_days: '0',
      max_days: '0',
      active: 'true',
    });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      base_rate: '0.00',
      per_kg_rate: '0.10',
      min_weight_kg: '0.001',
      max_weight_kg: '2.000',
      min_days: 0,
      max_days: 0,
      active: true,
    });
  });

  it('accepts areas without states, and states without countries', async () => {
    expect((await create({ ...minimal, area_ids: [ACTON, ADDISON] })).status).toBe(201);
    expect((await create({ ...minimal, state_ids: [ILLINOIS, CALIFORNIA] })).status).toBe(201);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ zone_type: 'regional' }, 'zone_type'],
    [{ zone_type: undefined }, 'zone_type'],
    [{ base_rate: undefined }, 'base_rate'],
    [{ base_rate: '1.005' }, 'base_rate'],
    [{ base_rate: -1 }, 'base_rate'],
    [{ base_rate: 'five' }, 'base_rate'],
    [{ base_rate: true }, 'base_rate'],
    [{ per_kg_rate: '0.125' }, 'per_kg_rate'],
    [{ per_kg_rate: '-0.50' }, 'per_kg_rate'],
    [{ min_weight_kg: '0.0005' }, 'min_weight_kg'],
    [{ max_weight_kg: -2 }, 'max_weight_kg'],
    [{ max_weight_kg: '10000000' }, 'max_weight_kg'],
    [{ min_weight_kg: 5, max_weight_kg: '4.999' }, 'max_weight_kg'],
    [{ min_days: undefined }, 'min_days'],
    [{ min_days: 1.5 }, 'min_days'],
    [{ min_days: -1 }, 'min_days'],
    [{ max_days: 366 }, 'max_days'],
    [{ min_days: 5, max_days: 4 }, 'max_days'],
    [{ countries: 'US' }, 'countries'],
    [{ countries: ['USA'] }, 'countries.0'],
    [{ countries: ['US', 'XX'] }, 'countries.1'],
    [{ countries: ['US', 'us'] }, 'countries.1'],
    [{ countries: [1] }, 'countries.0'],
    [{ countries: Array.from({ length: 251 }, () => 'US') }, 'countries'],
    [{ state_ids: [ILLINOIS, 'IL'] }, 'state_ids.1'],
    [{ state_ids: [ILLINOIS, ILLINOIS] }, 'state_ids.1'],
    [{ area_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'area_ids'],
    [{ active: 'yes' }, 'active'],
    [{ sort_order: -1 }, 'sort_order'],
    [{ position: 2 }, 'position'],
    [{ colour: 'red' }, 'colour'],
  ])('refuses %j with a 422 naming %s and writes nothing', async (fields, field) => {
    const before = await zoneCount();
    expectValidation(await create({ ...minimal, ...fields }), field);
    expect(await zoneCount()).toBe(before);
  });

  it('names every unknown or misplaced region id by its index and writes nothing', async () => {
    const before = await zoneCount();
    const unknown = await create({ ...minimal, state_ids: [ILLINOIS, 999, ADDISON], area_ids: [ADDISON, ILLINOIS, 840999999] });
    expectValidation(unknown, 'state_ids.1');
    expect(Object.keys(unknown.body.errors)).toEqual(['state_ids.1', 'state_ids.2', 'area_ids.1', 'area_ids.2']);
    // An area outside the listed states, a state and an area outside the listed countries.
    expectValidation(await create({ ...minimal, state_ids: [ILLINOIS], area_ids: [ADDISON, ACTON] }), 'area_ids.1');
    const abroad = await create({ ...minimal, countries: ['CA'], state_ids: [ILLINOIS], area_ids: [ADDISON] });
    expect(Object.keys(abroad.body.errors)).toEqual(['state_ids.0', 'area_ids.0']);
    expect(await zoneCount()).toBe(before);
  });

  it('answers malformed JSON with 400 bad_request and a body that is not an object with a 422', async () => {
    const before = await zoneCount();
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT}/shipping-zones`,
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Broken",',
    });
    expectFailure(res, 400, 'bad_request');
    expect((await create([minimal])).status).toBe(422);
    expect(await zoneCount()).toBe(before);
  });

  it('replays the same call under one Idempotency-Key and refuses the key with another body', async () => {
    const post = (body: unknown) =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/shipping-zones`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json', 'idempotency-key': 'zone-once-1' },
        payload: JSON.stringify(body),
      });
    const first = await post({ ...minimal, name: 'Once' });
    expect(first.status).toBe(201);
    const again = await post({ ...minimal, name: 'Once' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.raw).toBe(first.raw);
    expect(await t.database.prisma.shippingZone.count({ where: { storeId: shop.store.id, name: 'Once' } })).toBe(1);
    expectFailure(await post({ ...minimal, name: 'Twice' }), 409, 'idempotency_key_reuse');
  });

  it('answers 403 insufficient_scope without merchant-shipping-create', async () => {
    const before = await zoneCount();
    expectFailure(await create(minimal, await keyWith('merchant-shipping-read', 'merchant-shipping-update')), 403, 'insufficient_scope');
    expect(await zoneCount()).toBe(before);
  });
});

describe('PUT /shipping-zones/{zone}', () => {
  it('round-trips: the listed object, sent back without its read-only fields, answers 200 and the same object, writing nothing', async () => {
    const made = (await create({ ...full, name: 'Round trip' })).body.data;
    const listed = (await get(t.app, `${MERCHANT}/shipping-zones?limit=100`, shop.privateKey)).body.data.find((z: { id: string }) => z.id === made.id);
    expect(listed).toEqual(made);
    const res = await replace(made.id, asWriteBody(listed));
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Shipping zone updated', data: made });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'shipping_zones/update' && (e.payload as { id: string }).id === made.id)).toEqual(
      [],
    );
  });

  // Merchant spec, Shipping zones: "a read round-trips into a write". The read-only fields come
  // along as read; each must hold the zone's stored value (then ignored), else a 422 naming it.
  it('round-trips the GET object itself, read-only fields and all: 200, the same object, writing nothing', async () => {
    const made = (await create({ ...full, name: 'As read' })).body.data;
    const listed = (await get(t.app, `${MERCHANT}/shipping-zones?limit=100`, shop.privateKey)).body.data.find((z: { id: string }) => z.id === made.id);
    for (const field of readOnly) expect(listed).toHaveProperty(field);
    const res = await replace(made.id, listed);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Shipping zone updated', data: made });
    expect((await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'shipping_zones/update' && (e.payload as { id: string }).id === made.id)).toEqual(
      [],
    );
  });

  it('applies a change made to the GET object, keeping the position it carries when sort_order is left out', async () => {
    const made = (await create({ ...full, name: 'Edited as read' })).body.data;
    expect(made.position).toBe(3);
    const res = await replace(made.id, { ...made, base_rate: '6.75', id: made.id.toUpperCase() });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ ...made, base_rate: '6.75', updated_at: expect.any(String) });
    expect(res.body.data.updated_at > made.updated_at).toBe(true);
    const moved = await replace(made.id, { ...res.body.data, sort_order: 5 });
    expect(moved.body.data).toMatchObject({ position: 5, base_rate: '6.75' });
  });

  it("answers 422 naming every read-only field sent with another value than the zone's, and changes nothing", async () => {
    const made = (await create({ ...full, name: 'Not mine to set' })).body.data;
    const res = await replace(made.id, {
      ...made,
      name: 'Renamed',
      id: '00000000-0000-4000-8000-000000000000',
      currency: 'EUR',
      position: 9,
      created_at: '2020-01-01T00:00:00.000Z',
      updated_at: '2020-01-01T00:00:00Z',
    });
    expectValidation(res, 'id');
    expect(res.body.errors).toEqual({
      id: [`is read-only: send this zone's own value (${made.id}) or leave it out`],
      currency: ["is read-only: send this zone's own value (USD) or leave it out; a replace writes the rates in the store's currency"],
      position: ["is read-only: send this zone's own value (3) or leave it out; send sort_order to move the zone"],
      created_at: [`is read-only: send this zone's own value (${made.created_at}) or leave it out`],
      updated_at: [`is read-only: send this zone's own value (${made.updated_at}) or leave it out; the zone changed since it was read`],
    });
    expect((await get(t.app, `${MERCHANT}/shipping-zones?limit=100`, shop.privateKey)).body.data).toContainEqual(made);
    expectValidation(await replace(made.id, { ...made, position: '3' }), 'position');
  });

  it('refuses a read sent back after the zone changed (its updated_at is no longer the stored one)', async () => {
    const made = (await create({ ...minimal, name: 'Read twice' })).body.data;
    const changed = (await replace(made.id, { ...minimal, name: 'Changed meanwhile' })).body.data;
    const stale = await replace(made.id, { ...made, name: 'Stale edit' });
    expectValidation(stale, 'updated_at');
    expect(Object.keys(stale.body.errors)).toEqual(['updated_at']);
    expect((await t.database.prisma.shippingZone.findUniqueOrThrow({ where: { id: made.id } })).name).toBe(changed.name);
  });

  it('replaces the whole zone: the fields sent, every other back to its default, with one event', async () => {
    const made = (await create({ ...full, name: 'Before' })).body.data;
    const res = await replace(made.id, { name: 'After', zone_type: 'international', base_rate: 12, min_days: 5, max_days: 9 });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({
      ...made,
      name: 'After',
      zone_type: 'international',
      countries: [],
      state_ids: [],
      area_ids: [],
      base_rate: '12.00',
      per_kg_rate: null,
      min_weight_kg: null,
      max_weight_kg: null,
      min_days: 5,
      max_days: 9,
      active: true,
      position: 0,
      updated_at: expect.any(String),
    });
    expect(res.body.data.updated_at > made.updated_at).toBe(true);
    const events = (await outboxOf(t.database, shop.store)).filter((e) => e.topic === 'shipping_zones/update' && (e.payload as { id: string }).id === made.id);
    expect(events).toHaveLength(1);
  });

  it.each(['name', 'zone_type', 'base_rate', 'min_days', 'max_days'])('requires %s and changes nothing without it', async (field) => {
    const made = (await create({ ...minimal, name: `Keeps ${field}` })).body.data;
    const body: Record<string, unknown> = { ...minimal, name: 'Changed' };
    delete body[field];
    expectValidation(await replace(made.id, body), field);
    expect((await t.database.prisma.shippingZone.findUniqueOrThrow({ where: { id: made.id } })).name).toBe(`Keeps ${field}`);
  });

  it('refuses the same rules as a create and changes nothing', async () => {
    const made = (await create({ ...minimal, name: 'Validated' })).body.data;
    expectValidation(await replace(made.id, { ...minimal, base_rate: '1.999' }), 'base_rate');
    expectValidation(await replace(made.id, { ...minimal, area_ids: [ILLINOIS] }), 'area_ids.0');
    expectValidation(await replace(made.id, { ...minimal, min_days: 3, max_days: 2 }), 'max_days');
    expectValidation(await replace(made.id, { ...minimal, id: '00000000-0000-4000-8000-000000000000' }), 'id');
    expect((await get(t.app, `${MERCHANT}/shipping-zones?limit=100`, shop.privateKey)).body.data).toContainEqual(made);
  });

  it("answers 404 naming the shipping zone for another store's, an unknown or a malformed id, and changes nothing", async () => {
    const theirs = (await create({ ...minimal, name: 'Theirs' }, other.privateKey)).body.data;
    for (const ref of [theirs.id, '00000000-0000-4000-8000-000000000000', '12', 'nope']) {
      expectFailure(await replace(ref, { ...minimal, name: 'Taken over' }), 404, 'not_found', 'Shipping zone not found.');
    }
    expect((await t.database.prisma.shippingZone.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe('Theirs');
  });

  it('takes the uuid in any case', async () => {
    const made = (await create({ ...minimal, name: 'Case' })).body.data;
    expect((await replace(made.id.toUpperCase(), { ...minimal, name: 'Case again' })).body.data).toMatchObject({ id: made.id, name: 'Case again' });
  });

  it('answers 403 insufficient_scope without merchant-shipping-update', async () => {
    const made = (await create({ ...minimal, name: 'Scoped' })).body.data;
    expectFailure(await replace(made.id, minimal, await keyWith('merchant-shipping-create', 'merchant-shipping-read')), 403, 'insufficient_scope');
  });
});

describe('GET /shipping-zones', () => {
  let listed: TestStore;
  beforeAll(async () => {
    listed = await makeStore(t.database);
    const zones = [
      { ...minimal, name: 'Third', sort_order: 2 },
      { ...minimal, name: 'First', sort_order: 0 },
      { ...minimal, name: 'Fourth', sort_order: 2, active: false },
      { ...minimal, name: 'Second', sort_order: 1 },
      { ...minimal, name: 'Fifth', sort_order: 7 },
    ];
    for (const body of zones) expect((await create(body, listed.privateKey)).status).toBe(201);
    // The tie at position 2 goes to the older zone; a second apart, whatever the clock's resolution.
    const third = await t.database.prisma.shippingZone.findFirstOrThrow({ where: { storeId: listed.store.id, name: 'Third' } });
    await t.database.prisma.shippingZone.updateMany({
      where: { storeId: listed.store.id, name: 'Fourth' },
      data: { createdAt: new Date(third.createdAt.getTime() + 1000) },
    });
    await create({ ...minimal, name: 'Elsewhere' }, other.privateKey);
  });
  const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((z) => z.name);

  it("lists the store's zones by position, then the oldest, never another store's", async () => {
    const res = await get(t.app, `${MERCHANT}/shipping-zones`, listed.privateKey);
    expect(res.status, res.raw).toBe(200);
    expect(names(res)).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth']);
    expect(res.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('walks every zone exactly once by signed cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: Awaited<ReturnType<typeof get>> = await get(
        t.app,
        `${MERCHANT}/shipping-zones?limit=2${cursor ? `&starting_after=${cursor}` : ''}`,
        listed.privateKey,
      );
      expect(res.status, res.raw).toBe(200);
      seen.push(...names(res));
      expect(res.body.has_more).toBe(res.body.next_cursor !== null);
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(['First', 'Second', 'Third', 'Fourth', 'Fifth']);
  });

  it("refuses another store's cursor and out-of-range parameters with a 422 naming them", async () => {
    const page = await get(t.app, `${MERCHANT}/shipping-zones?limit=1`, listed.privateKey);
    expectFailure(await get(t.app, `${MERCHANT}/shipping-zones?starting_after=${page.body.next_cursor}`, shop.privateKey), 422, 'starting_after_invalid');
    expectFailure(await get(t.app, `${MERCHANT}/shipping-zones?starting_after=forged`, listed.privateKey), 422, 'starting_after_invalid');
    expectValidation(await get(t.app, `${MERCHANT}/shipping-zones?limit=0`, listed.privateKey), 'limit');
    expectValidation(await get(t.app, `${MERCHANT}/shipping-zones?limit=101`, listed.privateKey), 'limit');
  });

  it('answers 403 insufficient_scope without merchant-shipping-read', async () => {
    expectFailure(
      await get(t.app, `${MERCHANT}/shipping-zones`, await keyWith('merchant-shipping-create', 'merchant-shipping-update')),
      403,
      'insufficient_scope',
    );
  });
});
