import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { line, lineSummary, seedCartShop, sendJson, session } from '../../support/cart.js';
import { signInCustomer } from '../../support/customers.js';
import { call, get } from '../../support/http.js';
import type { TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let tea: Product;
let mug: Product;
let shirt: Product;
let small: Variant;

type Headers = Record<string, string>;
const send = (method: 'POST' | 'DELETE', url: string, body: unknown, headers: Headers = {}, key = shop.publicKey) =>
  sendJson(t.app, method, url, body, headers, key);
const readCart = (headers: Headers, key = shop.publicKey) => get(t.app, '/v1/store/cart', key, headers);
const upsert = (lines: unknown[], headers: Headers = {}, extra: Record<string, unknown> = {}) =>
  send('POST', '/v1/store/cart', { vendor_id: shop.store.id, cart_items: lines, source: 'web', ...extra }, headers);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, tea, mug, shirt, small } = await seedCartShop(t.database));
});
afterAll(() => t.close());

describe('merge at sign-in', () => {
  const register = (headers: Headers) =>
    send(
      'POST',
      '/v1/auth/email/register-password',
      { first_name: 'Ada', last_name: 'B', email: `${randomUUID().slice(0, 8)}@cart.test`, password: 'long enough' },
      headers,
    );

  it('takes the signed-out cart along when the shopper signs in with X-Cart-Session', async () => {
    const who = session();
    await upsert([line(tea, 2), line(mug, 1)], who);
    const signedIn = await register(who);
    expect(signedIn.status).toBe(201);
    const mine = await readCart({ authorization: `Bearer ${signedIn.body.data.access_token}` });
    expect(lineSummary(mine.body.data[0]).map((l) => [l.item_id, l.quantity])).toEqual([
      [tea.id, 2],
      [mug.id, 1],
    ]);
    expect((await readCart(who)).body.data).toEqual([]);
  });

  it('keeps the larger quantity of a line both carts hold, and adds the lines only the session cart has', async () => {
    const email = `${randomUUID().slice(0, 8)}@cart.test`;
    const first = await send('POST', '/v1/auth/email/register-password', { first_name: 'Ada', last_name: 'B', email, password: 'long enough' });
    const bearer = { authorization: `Bearer ${first.body.data.access_token}` };
    await upsert([line(tea, 5), line(mug, 1)], bearer);
    const who = session();
    await upsert([line(tea, 2), line(mug, 3), line(shirt, 1, { variant_id: small.id })], who);
    const login = await send('POST', '/v1/auth/email/login', { email, password: 'long enough' }, who);
    expect(login.status).toBe(200);
    const mine = await readCart({ authorization: `Bearer ${login.body.data.access_token}` });
    expect(lineSummary(mine.body.data[0]).map((l) => [l.item_id, l.variant_id, l.quantity])).toEqual([
      [tea.id, undefined, 5],
      [mug.id, undefined, 3],
      [shirt.id, small.id, 1],
    ]);
  });
});

describe('cart expiry', () => {
  it('forgets an anonymous cart CART_TTL_DAYS after its last change, and keeps a customer’s', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const pinned = await startTestApp({ CART_TTL_DAYS: '1' }, { database: t.database, clock: () => now });
    try {
      const at = (method: 'GET' | 'POST', url: string, headers: Headers, body?: unknown) =>
        call(pinned.app, {
          method,
          url,
          key: shop.publicKey,
          headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
      const who = session();
      const ada = await signInCustomer(t.database, shop.store, {}, new Date(now));
      for (const headers of [who, ada.auth]) await at('POST', '/v1/store/cart', headers, { vendor_id: shop.store.id, cart_items: [line(tea, 1)] });
      now += 23 * 3_600_000;
      expect((await at('GET', '/v1/store/cart', who)).body.data).toHaveLength(1);
      await at('POST', '/v1/store/cart/items', who, { product_id: mug.id });
      now += 23 * 3_600_000;
      expect((await at('GET', '/v1/store/cart', who)).body.data).toHaveLength(1);
      now += 2 * 3_600_000;
      expect((await at('GET', '/v1/store/cart', who)).body).toEqual({ status: 'success', message: 'No open cart', data: [], meta: { total_carts: 0 } });
      // Access tokens last an hour: the customer signs in again to read the cart made two days ago.
      const later = await signInCustomer(t.database, shop.store, { id: ada.account.id }, new Date(now));
      expect((await at('GET', '/v1/store/cart', later.auth)).body.data).toHaveLength(1);
      const fresh = await at('POST', '/v1/store/cart/items', who, { product_id: mug.id });
      expect(lineSummary(fresh.body.data.cart).map((l) => [l.item_id, l.quantity])).toEqual([[mug.id, 1]]);
    } finally {
      await pinned.close();
    }
  });
});
