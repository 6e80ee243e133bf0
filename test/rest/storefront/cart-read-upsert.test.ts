import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { line, lineSummary, seedCartShop, sendJson, session } from '../../support/cart.js';
import { signInCustomer } from '../../support/customers.js';
import { expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import type { TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let draft: Product;
let soldOut: Product;
let shirt: Product;
let small: Variant;
let foreign: Product;

type Headers = Record<string, string>;
const send = (method: 'POST' | 'DELETE', url: string, body: unknown, headers: Headers = {}, key = shop.publicKey) =>
  sendJson(t.app, method, url, body, headers, key);
const readCart = (headers: Headers, key = shop.publicKey) => get(t.app, '/v1/store/cart', key, headers);
const upsert = (lines: unknown[], headers: Headers = {}, extra: Record<string, unknown> = {}) =>
  send('POST', '/v1/store/cart', { vendor_id: shop.store.id, cart_items: lines, source: 'web', ...extra }, headers);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, other, tea, mug, draft, soldOut, shirt, small, foreign } = await seedCartShop(t.database));
});
afterAll(() => t.close());

describe('GET /v1/store/cart', () => {
  it('answers an empty list for a shopper with no cart', async () => {
    const res = await readCart(session());
    expect({ status: res.status, body: res.body }).toEqual({
      status: 200,
      body: { status: 'success', message: 'No open cart', data: [], meta: { total_carts: 0 } },
    });
  });

  it('refuses a signed-out call without X-Cart-Session with 422 on session_token', async () => {
    const res = await readCart({});
    expectValidation(res, 'session_token');
    expect(res.body.message).toMatch(/^Missing session token for anonymous cart/);
  });

  it('answers the whole cart as the spec shows it, with checkout_url for private keys only', async () => {
    const who = session();
    await upsert([line(tea, 2)], who);
    const pub = await readCart(who);
    expect(pub.status).toBe(200);
    expect(pub.body.meta).toEqual({ total_carts: 1 });
    const [cart] = pub.body.data;
    expect(cart).toEqual({
      id: expect.any(String),
      vendor_id: shop.store.id,
      vendor: expect.objectContaining({
        id: shop.store.id,
        name: 'Cart Shop',
        phone: null,
        delivery_info: expect.objectContaining({ d_p_value: 0, offer_instant_delivery: false }),
      }),
      cart_items: [
        {
          item_id: tea.id,
          title: 'Green Tea',
          variant_title: null,
          variant_option_values: {},
          price: 12.5,
          discount_price: 12.5,
          discount: null,
          quantity: 2,
          selectedAddons: [],
          requires_slot: false,
          properties: null,
        },
      ],
      total_price: 25,
      source: 'web',
      promo_codes: [],
      is_valid: true,
      validation_errors: [],
      last_validated_at: null,
      created_at: expect.stringMatching(/Z$/),
      updated_at: expect.stringMatching(/Z$/),
    });
    const priv = await readCart(who, shop.privateKey);
    expect(priv.body.data[0]).toEqual({ ...cart, checkout_url: `http://bazaar.test/checkout/${cart.id}`, updated_at: expect.any(String) });
  });

  it('never shows a cart to another store’s key', async () => {
    const who = session();
    await upsert([line(tea, 1)], who);
    expect((await readCart(who, other.publicKey)).body.data).toEqual([]);
  });
});

describe('POST /v1/store/cart', () => {
  it('keeps an anonymous cart by X-Cart-Session and by the body’s session_token alike', async () => {
    const token = randomUUID();
    const res = await upsert([line(tea, 1)], {}, { session_token: token });
    expect(res.status).toBe(200);
    expect((await readCart({ 'x-cart-session': token })).body.data[0].id).toBe(res.body.data.id);
  });

  it('refuses a signed-out call without either with 422 on session_token', async () => {
    expectValidation(await upsert([line(tea, 1)]), 'session_token');
  });

  it('prices every line from the catalogue, whatever price and title the body says', async () => {
    const res = await upsert([{ item_id: tea.id, title: 'Free tea', price: 0.01, quantity: 3 }], session());
    expect(res.body.data.cart_items[0]).toEqual(expect.objectContaining({ title: 'Green Tea', price: 12.5, discount_price: 12.5, quantity: 3 }));
    expect(res.body.data.total_price).toBe(37.5);
  });

  it('leaves out each line it cannot sell and says why, keeping the others', async () => {
    const unknown = randomUUID();
    const res = await upsert(
      [
        line(tea, 1),
        { item_id: unknown, quantity: 1 },
        line(foreign, 1),
        line(draft, 1),
        line(soldOut, 1),
        line(mug, 0),
        line(mug, 1000),
        line(shirt, 1),
        line(shirt, 1, { variant_id: unknown }),
      ],
      session(),
    );
    expect(res.status).toBe(200);
    expect(lineSummary(res.body.data)).toEqual([{ item_id: tea.id, variant_id: undefined, quantity: 1, price: 12.5, discount_price: 12.5 }]);
    const reject = (index: number, itemId: string, quantity: number, reason: string, variantId: string | null = null) => ({
      index,
      item_id: itemId,
      variant_id: variantId,
      quantity,
      reason,
      message: expect.any(String),
    });
    expect(res.body.meta.rejected_items).toEqual([
      reject(1, unknown, 1, 'not_found'),
      reject(2, foreign.id, 1, 'not_found'),
      reject(3, draft.id, 1, 'not_available'),
      reject(4, soldOut.id, 1, 'sold_out'),
      reject(5, mug.id, 0, 'invalid_quantity'),
      reject(6, mug.id, 1000, 'invalid_quantity'),
      reject(7, shirt.id, 1, 'variant_required'),
      reject(8, shirt.id, 1, 'variant_not_found', unknown),
    ]);
  });

  it('takes a product’s slug for item_id, as its page names it, and adds it up with the same product by uuid', async () => {
    const res = await upsert([{ item_id: tea.slug, quantity: 1 }, line(tea, 2), { item_id: foreign.slug, quantity: 1 }], session());
    expect(res.status).toBe(200);
    expect(lineSummary(res.body.data)).toEqual([{ item_id: tea.id, variant_id: undefined, quantity: 3, price: 12.5, discount_price: 12.5 }]);
    expect(res.body.meta.rejected_items).toEqual([
      { index: 2, item_id: foreign.slug, variant_id: null, quantity: 1, reason: 'not_found', message: 'No such product in this store.' },
    ]);
  });

  it('adds up duplicate lines of one product and variant', async () => {
    const res = await upsert([line(mug, 2), line(shirt, 1, { variant_id: small.id }), line(mug, 3)], session());
    expect(lineSummary(res.body.data)).toEqual([
      { item_id: mug.id, variant_id: undefined, quantity: 5, price: 8, discount_price: 8 },
      { item_id: shirt.id, variant_id: small.id, quantity: 1, price: 20, discount_price: 20 },
    ]);
    expect(res.body.data.cart_items[1]).toEqual(expect.objectContaining({ variant_title: 'S', variant_option_values: { Size: 'S' } }));
  });

  it('keeps a customer’s cart by bearer token and ignores a session sent with it', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const who = session();
    await upsert([line(mug, 1)], who);
    const res = await upsert([line(tea, 4)], { ...ada.auth, ...who });
    expect(lineSummary(res.body.data)).toEqual([{ item_id: tea.id, variant_id: undefined, quantity: 4, price: 12.5, discount_price: 12.5 }]);
    expect(lineSummary((await readCart(ada.auth)).body.data[0])).toEqual(lineSummary(res.body.data));
    expect(lineSummary((await readCart(who)).body.data[0])).toEqual([{ item_id: mug.id, variant_id: undefined, quantity: 1, price: 8, discount_price: 8 }]);
  });
});
