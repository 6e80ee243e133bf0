import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;

const state = (who: SignedInCustomer, key = shop.publicKey) => get(t.app, '/v1/store/follow', key, who.auth);
const follow = (who: SignedInCustomer, body: unknown = {}, key = shop.publicKey) =>
  call(t.app, { method: 'POST', url: '/v1/store/follow', key, headers: { 'content-type': 'application/json', ...who.auth }, payload: JSON.stringify(body) });
const unfollow = (who: SignedInCustomer) => call(t.app, { method: 'DELETE', url: '/v1/store/follow', key: shop.publicKey, headers: who.auth });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
});
afterAll(() => t.close());

describe('GET /v1/store/follow', () => {
  it('answers not following for a shopper who never followed', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const res = await state(ada);
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'Follow state', data: { following: false, shared_contact: false, followed_at: null } },
    });
  });

  it('needs a signed-in customer', async () => {
    expectFailure(await get(t.app, '/v1/store/follow', shop.publicKey), 401, 'customer_token_required');
  });
});

describe('POST /v1/store/follow', () => {
  it('follows without sharing contact unless asked, and keeps the first follow time when the choice changes', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const first = await follow(ada);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      status: 'success',
      message: 'Following',
      data: { following: true, shared_contact: false, followed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.+Z$/) },
    });
    const shared = await follow(ada, { shared_contact: true });
    expect(shared.body.data).toEqual({ ...first.body.data, shared_contact: true });
    expect((await follow(ada)).body.data.shared_contact).toBe(true);
    expect((await state(ada)).body.data).toEqual(shared.body.data);
    const row = await t.database.prisma.storeFollow.findFirstOrThrow({ where: { accountId: ada.account.id } });
    expect(row).toMatchObject({ storeId: shop.store.id, customerId: ada.customer.id, sharedContact: true });
  });

  it('follows each store on its own', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await follow(ada);
    const there = await signInCustomer(t.database, other.store, { id: ada.account.id });
    expect((await state(there, other.publicKey)).body.data.following).toBe(false);
  });

  it('names a shared_contact that is not a boolean, and a field it does not know', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    expectValidation(await follow(ada, { shared_contact: 'yes' }), 'shared_contact');
    expectValidation(await follow(ada, { notify: true }), 'notify');
    expect((await state(ada)).body.data.following).toBe(false);
  });
});

describe('DELETE /v1/store/follow', () => {
  it('stops following, and answers the same when not following', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await follow(ada, { shared_contact: true });
    const res = await unfollow(ada);
    expect(res.body).toEqual({ status: 'success', message: 'Not following', data: { following: false, shared_contact: false, followed_at: null } });
    expect((await unfollow(ada)).status).toBe(200);
    expect((await state(ada)).body.data.following).toBe(false);
  });
});
