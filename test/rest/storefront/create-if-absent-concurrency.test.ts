import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottle } from '../../../src/domain/customers/passwords/login-throttle.js';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer } from '../../support/customers.js';
import { call, type Call } from '../../support/http.js';
import { uniqueContacts } from '../../support/merchant-customers.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// A shopper's first write of something that exists at most once (a follow, a wishlist item, a cart,
// the store's customer record), sent many times at once. PGlite runs one transaction at a time, so
// the race is real only on PostgreSQL; the embedded run checks the same answers one after another.
const racers = 20;

let t: TestApp;
let shop: TestStore;
let tea: Product;
const { email } = uniqueContacts();

const post = (url: string, body: unknown, headers: Record<string, string>) =>
  call(t.app, { method: 'POST', url, key: shop.publicKey, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
const race = (send: () => Promise<Call>) => Promise.all(Array.from({ length: racers }, send));
const answers = (calls: Call[]) => calls.map((c) => ({ status: c.status, body: c.body }));

beforeAll(async () => {
  // Every racer shares one test key; the per-key rate limit is not what is under test.
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '100000' });
  shop = await makeStore(t.database);
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 100 });
});
afterAll(() => t.close());

describe('POST /v1/store/follow, sent at once by a new follower', () => {
  const following = (sharedContact: boolean) => ({
    status: 200,
    body: { status: 'success', message: 'Following', data: { following: true, shared_contact: sharedContact, followed_at: expect.any(String) } },
  });

  // One burst does not always collide: five new followers send theirs.
  it('answers every request with the one follow, and writes one row', async () => {
    for (let follower = 0; follower < 5; follower++) {
      const ada = await signInCustomer(t.database, shop.store);
      const calls = await race(() => post('/v1/store/follow', {}, ada.auth));
      expect(answers(calls)).toEqual(Array.from({ length: racers }, () => following(false)));
      const row = await t.database.prisma.storeFollow.findFirstOrThrow({ where: { accountId: ada.account.id } });
      expect(new Set(calls.map((c) => c.body.data.followed_at))).toEqual(new Set([row.createdAt.toISOString()]));
      expect(await t.database.prisma.storeFollow.count({ where: { accountId: ada.account.id } })).toBe(1);
    }
  });

  it('answers the contact choice sent to every request, and writes one row', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const calls = await race(() => post('/v1/store/follow', { shared_contact: true }, ada.auth));
    expect(answers(calls)).toEqual(Array.from({ length: racers }, () => following(true)));
    expect(new Set(calls.map((c) => c.body.data.followed_at)).size).toBe(1);
    expect(await t.database.prisma.storeFollow.count({ where: { accountId: ada.account.id, sharedContact: true } })).toBe(1);
  });
});

describe('POST /v1/store/wishlist, sent at once for one product', () => {
  it('saves the product once: one 201, every other request 200 with the same item', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const calls = await race(() => post('/v1/store/wishlist', { product_id: tea.id }, ada.auth));
    expect(calls.map((c) => c.status).sort((a, b) => a - b)).toEqual([...Array.from({ length: racers - 1 }, () => 200), 201]);
    expect(new Set(calls.map((c) => JSON.stringify(c.body.data))).size).toBe(1);
    expect(await t.database.prisma.wishlistItem.count({ where: { customerId: ada.customer.id } })).toBe(1);
  });
});

describe('POST /v1/store/cart, sent at once by a new shopper', () => {
  it('makes one cart with the lines sent, and answers every request with it', async () => {
    const session = { 'x-cart-session': randomUUID() };
    const calls = await race(() => post('/v1/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: tea.id, quantity: 2 }] }, session));
    expect(calls.map((c) => c.status)).toEqual(Array.from({ length: racers }, () => 200));
    const carts = new Set(calls.map((c) => c.body.data.id));
    expect(carts.size).toBe(1);
    const lines = calls.map((c) => c.body.data.cart_items.map((i: { item_id: string; quantity: number }) => [i.item_id, i.quantity]));
    expect(new Set(lines.map((l) => JSON.stringify(l)))).toEqual(new Set([JSON.stringify([[tea.id, 2]])]));
    expect(await t.database.prisma.cart.count({ where: { storeId: shop.store.id, status: 'open', id: { in: [...carts] } } })).toBe(1);
    expect(await t.database.prisma.cartItem.count({ where: { cartId: [...carts][0] } })).toBe(1);
  });
});

describe('POST /v1/store/addresses, sent at once by an account with none', () => {
  it('saves every address and makes exactly one of them the default', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const calls = await race(() => post('/v1/store/addresses', { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 }, ada.auth));
    expect(calls.map((c) => c.status)).toEqual(Array.from({ length: racers }, () => 201));
    expect(await t.database.prisma.savedAddress.count({ where: { accountId: ada.account.id } })).toBe(racers);
    expect(await t.database.prisma.savedAddress.count({ where: { accountId: ada.account.id, isDefault: true } })).toBe(1);
  });
});

describe('POST /v1/auth/email/login, a first sign-in at this store sent at once', () => {
  it('signs every request in as the one customer record, with one customers/create event', async () => {
    const address = email('first-sign-in');
    const elsewhere = await makeStore(t.database);
    const registered = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/email/register-password',
      key: elsewhere.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email: address, password: 'correct horse' }),
    });
    expect(registered.status).toBe(201);
    // As many as the login throttle checks at once: it counts each attempt before its password is
    // checked (login-throttle.ts), so right passwords beyond them are refused while the first run.
    const signIns = loginThrottle.failures;
    const calls = await Promise.all(Array.from({ length: signIns }, () => post('/v1/auth/email/login', { email: address, password: 'correct horse' }, {})));
    expect(calls.map((c) => c.status)).toEqual(Array.from({ length: signIns }, () => 200));
    expect(new Set(calls.map((c) => c.body.data.user.id)).size).toBe(1);
    const account = await t.database.prisma.customerAccount.findUniqueOrThrow({ where: { email: address } });
    const customers = await t.database.prisma.customer.findMany({ where: { storeId: shop.store.id, accountId: account.id } });
    expect(customers).toHaveLength(1);
    const created = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic: 'customers/create' } });
    expect(created.filter((e) => (e.payload as { id: number }).id === customers[0]!.id)).toHaveLength(1);
  });
});
