import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;

const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };
/** 64 km from the nearest listed town (Eureka, NV): in Nevada, in no area. */
const desert = { label: 'Camp', address: 'Monitor Valley', lat: 39.0, lng: -116.3 };
/** The middle of the Atlantic: outside every known region. */
const atSea = { label: 'Boat', address: 'Mid-Atlantic', lat: 30, lng: -40 };

const list = (who: SignedInCustomer, key = shop.publicKey) => get(t.app, '/v1/store/addresses', key, who.auth);
const add = (who: SignedInCustomer, body: unknown, key = shop.publicKey) =>
  call(t.app, { method: 'POST', url: '/v1/store/addresses', key, headers: { 'content-type': 'application/json', ...who.auth }, payload: JSON.stringify(body) });
const remove = (who: SignedInCustomer, id: string) =>
  call(t.app, { method: 'DELETE', url: `/v1/store/addresses/${id}`, key: shop.publicKey, headers: who.auth });
const makeDefault = (who: SignedInCustomer, id: string) =>
  call(t.app, { method: 'PATCH', url: `/v1/store/addresses/${id}/default`, key: shop.publicKey, headers: who.auth });

// A clock that moves a second per reading, so addresses saved one after another have distinct times.
let clock = Date.now();

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => (clock += 1000) });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

describe('POST /v1/store/addresses', () => {
  it('saves the address and derives country, state, city, area and their ids from the point', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const res = await add(ada, chicago);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Address saved',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        label: 'Office',
        address: '1 N State St, Chicago',
        lat: 41.8781,
        lng: -87.6298,
        country_code: 'US',
        state: 'Illinois',
        city: 'Chicago Loop',
        area: 'Chicago Loop',
        state_id: 840000017,
        area_id: 840005805,
        is_default: true,
      },
    });
  });

  it('places a point far from every town in its state only, and a point at sea nowhere', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const between = (await add(ada, desert)).body.data;
    expect(between).toMatchObject({ country_code: 'US', state: 'Nevada', state_id: 840000037, city: null, area: null, area_id: null });
    const outside = (await add(ada, atSea)).body.data;
    expect(outside).toMatchObject({ country_code: null, state: null, state_id: null, city: null, area: null, area_id: null, is_default: false });
  });

  it('takes coordinates sent as text, and refuses points off the globe naming the field', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expect((await add(ada, { ...chicago, lat: '41.8781', lng: '-87.6298' })).body.data.state).toBe('Illinois');
    expectValidation(await add(ada, { ...chicago, lat: 91 }), 'lat');
    expectValidation(await add(ada, { ...chicago, lng: -180.5 }), 'lng');
    expectValidation(await add(ada, { ...chicago, lat: 'north' }), 'lat');
    expectValidation(await add(ada, { ...chicago, label: '' }), 'label');
    expectValidation(await add(ada, { ...chicago, address: 'x'.repeat(501) }), 'address');
    expectValidation(await add(ada, { label: 'Home', address: 'Somewhere', lng: 2 }), 'lat');
    expectValidation(await add(ada, { ...chicago, floor: 3 }), 'floor');
    expect((await list(ada)).body.data).toHaveLength(1);
  });

  it('keeps at most 50 addresses per account, then answers 422 limit_reached', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await t.database.prisma.savedAddress.createMany({
      data: Array.from({ length: 50 }, (_, i) => ({ accountId: ada.account.id, label: `A${i}`, address: 'x', lat: 0, lng: 0, isDefault: i === 0 })),
    });
    expectFailure(await add(ada, chicago), 422, 'limit_reached');
    expect((await list(ada)).body.data).toHaveLength(50);
  });

  it('makes one default of concurrent first addresses', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => add(ada, { ...chicago, label: `L${i}` })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.filter((a) => a.body.data.is_default)).toHaveLength(1);
  });

  it('needs a signed-in customer', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/store/addresses',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(chicago),
    });
    expectFailure(res, 401, 'customer_token_required');
  });
});

describe('GET /v1/store/addresses', () => {
  it('lists the account’s addresses, the default first, then newest first', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const first = (await add(ada, chicago)).body.data;
    const second = (await add(ada, desert)).body.data;
    const third = (await add(ada, atSea)).body.data;
    const res = await list(ada);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Saved addresses', data: [first, third, second] });
  });

  it('shows the same addresses at every store the shopper signs in to: they belong to the account', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const saved = (await add(ada, chicago)).body.data;
    const elsewhere = await signInCustomer(t.database, other.store, { id: ada.account.id });
    expect((await list(elsewhere, other.publicKey)).body.data).toEqual([saved]);
  });

  it('never shows another shopper’s addresses', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await add(ada, chicago);
    const bob = await signInCustomer(t.database, shop.store);
    expect((await list(bob)).body.data).toEqual([]);
  });

  it('refuses a token of another store with 403 token_store_mismatch', async () => {
    const ada = await signInCustomer(t.database, other.store);
    expectFailure(await list(ada), 403, 'token_store_mismatch');
  });
});

describe('DELETE /v1/store/addresses/{id}', () => {
  it('deletes an address that is not the default and leaves the default alone', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const first = (await add(ada, chicago)).body.data;
    const second = (await add(ada, desert)).body.data;
    const res = await remove(ada, second.id);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'success', message: 'Address deleted' } });
    expect((await list(ada)).body.data).toEqual([first]);
  });

  it('makes the newest remaining address the default when the default is deleted (spec rule 2)', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const first = (await add(ada, chicago)).body.data;
    const second = (await add(ada, desert)).body.data;
    const third = (await add(ada, atSea)).body.data;
    await makeDefault(ada, second.id);
    await remove(ada, second.id);
    expect((await list(ada)).body.data).toEqual([
      { ...third, is_default: true },
      { ...first, is_default: false },
    ]);
    await remove(ada, third.id);
    expect((await list(ada)).body.data).toEqual([{ ...first, is_default: true }]);
    await remove(ada, first.id);
    expect((await list(ada)).body.data).toEqual([]);
  });

  it('answers 404 for another shopper’s address, an unknown id and a malformed one, and deletes nothing', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const saved = (await add(ada, chicago)).body.data;
    const bob = await signInCustomer(t.database, shop.store);
    expectFailure(await remove(bob, saved.id), 404, 'not_found', 'Saved address not found.');
    expectFailure(await remove(ada, '00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expectFailure(await remove(ada, 'not-an-id'), 404, 'not_found');
    expect((await list(ada)).body.data).toEqual([saved]);
  });
});

describe('PATCH /v1/store/addresses/{id}/default', () => {
  it('makes the address the default and every other one not', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const first = (await add(ada, chicago)).body.data;
    const second = (await add(ada, desert)).body.data;
    const res = await makeDefault(ada, second.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', message: 'Default address set', data: { ...second, is_default: true } });
    expect((await list(ada)).body.data).toEqual([
      { ...second, is_default: true },
      { ...first, is_default: false },
    ]);
    expect((await makeDefault(ada, second.id)).body.data.is_default).toBe(true);
  });

  it('answers 404 for another shopper’s address', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const saved = (await add(ada, chicago)).body.data;
    const bob = await signInCustomer(t.database, shop.store);
    expectFailure(await makeDefault(bob, saved.id), 404, 'not_found');
  });
});

describe('the session’s user', () => {
  it('is located by the default saved address', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await add(ada, chicago);
    const account = (await get(t.app, '/v1/store/account', shop.publicKey, ada.auth)).body.data;
    expect(account).toMatchObject({
      country: 'US',
      state: 'Illinois',
      region: 'Chicago Loop',
      city: 'Chicago Loop',
      address: chicago.address,
      map_lat: '41.8781',
      map_lng: '-87.6298',
    });
  });
});
