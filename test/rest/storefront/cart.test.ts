import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { signInCustomer } from '../../support/customers.js';
import { createDiscount } from '../../support/discounts.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
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
  call(t.app, {
    method,
    url,
    key,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
const readCart = (headers: Headers, key = shop.publicKey) => get(t.app, '/v1/store/cart', key, headers);
const upsert = (lines: unknown[], headers: Headers = {}, extra: Record<string, unknown> = {}) =>
  send('POST', '/v1/store/cart', { vendor_id: shop.store.id, cart_items: lines, source: 'web', ...extra }, headers);
const addItem = (body: Record<string, unknown>, headers: Headers) => send('POST', '/v1/store/cart/items', body, headers);
const validate = (cartId: string, headers: Headers) => send('POST', '/v1/store/cart/validate', { cart_id: cartId }, headers);
const clear = (headers: Headers, cartId?: string) => send('DELETE', `/v1/store/cart/clear${cartId ? `?cart_id=${cartId}` : ''}`, undefined, headers);
const session = (): Headers => ({ 'x-cart-session': randomUUID() });
const line = (product: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  item_id: product.id,
  title: product.title,
  price: 1,
  quantity,
  ...extra,
});
const lineSummary = (cart: { cart_items: { item_id: string; variant_id?: string; quantity: number; price: number; discount_price: number }[] }) =>
  cart.cart_items.map((i) => ({ item_id: i.item_id, variant_id: i.variant_id, quantity: i.quantity, price: i.price, discount_price: i.discount_price }));

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Cart Shop' });
  other = await makeStore(t.database);
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
  mug = await createProduct(t.database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  draft = await createProduct(t.database, shop.store, { title: 'Draft', published: false });
  soldOut = await createProduct(t.database, shop.store, { title: 'Gone', stock: 0 });
  shirt = await createProduct(t.database, shop.store, {
    title: 'Shirt',
    options: { Size: ['S', 'M'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 4 },
      { title: 'M', optionValues: { Size: 'M' }, price: '22.00', stock: 0 },
    ],
  });
  small = (await t.database.prisma.variant.findMany({ where: { productId: shirt.id }, orderBy: { position: 'asc' } }))[0]!;
  foreign = await createProduct(t.database, other.store, { title: 'Elsewhere' });
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

describe('POST /v1/store/cart/items', () => {
  it('asks to choose a variant, then adds the chosen one', async () => {
    const who = session();
    const ask = await addItem({ product_id: shirt.id, quantity: 1 }, who);
    expect({ status: ask.status, body: ask.body }).toEqual({
      status: 200,
      body: {
        status: 'success',
        message: 'Choose a variant',
        data: {
          result: 'customise',
          product: { id: shirt.id, title: 'Shirt' },
          options: [
            {
              name: 'Size',
              values: [
                { value: 'S', available: true },
                { value: 'M', available: false },
              ],
            },
          ],
          variants: [
            { id: small.id, title: 'S', option_values: { Size: 'S' }, price: 20, discount_price: 20, in_stock: true, quantity: 4 },
            { id: expect.any(String), title: 'M', option_values: { Size: 'M' }, price: 22, discount_price: 22, in_stock: false, quantity: 0 },
          ],
        },
      },
    });
    expect((await readCart(who)).body.data).toEqual([]);
    const added = await addItem({ product_id: shirt.id, variant_id: small.id, quantity: 2 }, who);
    expect(added.status).toBe(200);
    expect(added.body.data.result).toBe('added');
    expect(lineSummary(added.body.data.cart)).toEqual([{ item_id: shirt.id, variant_id: small.id, quantity: 2, price: 20, discount_price: 20 }]);
  });

  it('adds to the quantity of a line the cart holds, and leaves the other lines', async () => {
    const who = session();
    await upsert([line(tea, 1), line(mug, 1)], who);
    const res = await addItem({ product_id: mug.id, quantity: 2 }, who);
    expect(lineSummary(res.body.data.cart).map((l) => [l.item_id, l.quantity])).toEqual([
      [tea.id, 1],
      [mug.id, 3],
    ]);
  });

  it('answers 404 for another store’s product', async () => {
    expectFailure(await addItem({ product_id: foreign.id }, session()), 404, 'not_found');
  });
});

describe('POST /v1/store/cart/validate', () => {
  it('reports a price change with the old and new unit price, and a sold-out line, once', async () => {
    const who = session();
    const item = await createProduct(t.database, shop.store, { title: 'Kettle', price: '30.00', stock: 5 });
    const scarce = await createProduct(t.database, shop.store, { title: 'Scarce', price: '5.00', stock: 5 });
    const cartId = (await upsert([line(item, 1), line(scarce, 2)], who)).body.data.id;
    expect((await validate(cartId, who)).body.data).toEqual(expect.objectContaining({ is_valid: true, validation_errors: [] }));
    await t.database.prisma.product.update({ where: { id: item.id }, data: { price: '35.00' } });
    await t.database.prisma.product.update({ where: { id: scarce.id }, data: { stock: 0 } });
    const res = await validate(cartId, who);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      expect.objectContaining({
        is_valid: false,
        last_validated_at: expect.stringMatching(/Z$/),
        validation_errors: [
          {
            line: 0,
            item_id: item.id,
            variant_id: null,
            code: 'price_changed',
            message: 'The price changed from 30.00 to 35.00.',
            old_value: 30,
            new_value: 35,
          },
          { line: 1, item_id: scarce.id, variant_id: null, code: 'sold_out', message: 'Sold out.', old_value: 2, new_value: 0 },
        ],
      }),
    );
    expect(res.body.data.cart_items[0]).toEqual(expect.objectContaining({ price: 35, quantity: 1 }));
    const again = await validate(cartId, who);
    expect(again.body.data.validation_errors.map((e: { code: string }) => e.code)).toEqual(['sold_out']);
  });

  it('answers 404 for another shopper’s cart and for another store’s key', async () => {
    const who = session();
    const cartId = (await upsert([line(tea, 1)], who)).body.data.id;
    expectFailure(await validate(cartId, session()), 404, 'not_found');
    expectFailure(await send('POST', '/v1/store/cart/validate', { cart_id: cartId }, who, other.publicKey), 404, 'not_found');
  });
});

describe('DELETE /v1/store/cart/clear', () => {
  it('empties the open cart, or the one named, and refuses another shopper’s', async () => {
    const who = session();
    const cartId = (await upsert([line(tea, 1)], who)).body.data.id;
    expectFailure(await clear(session(), cartId), 404, 'not_found');
    const res = await clear(who, cartId);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'success', message: 'The cart is empty' } });
    expect((await readCart(who)).body.data[0].cart_items).toEqual([]);
    await upsert([line(mug, 1)], who);
    await clear(who);
    expect((await readCart(who)).body.data[0].cart_items).toEqual([]);
    expect((await clear(session())).status).toBe(200);
  });
});

describe('cart discounts', () => {
  it('prices a line, and a variant line, with the product’s live automatic discount', async () => {
    const bag = await createProduct(t.database, shop.store, { title: 'Bag', price: '40.00', stock: 5 });
    const hat = await createProduct(t.database, shop.store, {
      title: 'Hat',
      options: { Colour: ['Red'] },
      variants: [{ title: 'Red', optionValues: { Colour: 'Red' }, price: '15.00', stock: 5 }],
    });
    const red = await t.database.prisma.variant.findFirstOrThrow({ where: { productId: hat.id } });
    const discount = await createDiscount(t.database, shop.store, {
      title: 'Tenth off',
      type: 'percentage',
      value: '10',
      productIds: [bag.id, hat.id],
      validFrom: null,
    });
    const res = await upsert([line(bag, 1), line(hat, 2, { variant_id: red.id })], session());
    const applied = (amount: number) => ({ id: discount.id, title: 'Tenth off', type: 'percentage', amount });
    expect(res.body.data.cart_items.map((i: Record<string, unknown>) => [i.price, i.discount_price, i.discount])).toEqual([
      [40, 36, applied(4)],
      [15, 13.5, applied(1.5)],
    ]);
    expect(res.body.data.total_price).toBe(63);
  });
});

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

describe('cart vendor.delivery_info', () => {
  /** A store delivering for a flat 4.50, selling a boxed item of `weightKg` per unit. */
  async function deliveringStore(weightKg: string) {
    const store = await makeStore(t.database);
    await t.database.prisma.store.update({
      where: { id: store.store.id },
      data: { deliveryFee: '4.50', deliveryTime: 'Same day', deliveryMessage: 'By our own riders' },
    });
    const boxed = await createProduct(t.database, store.store, {
      title: 'Boxed',
      options: { Size: ['L'] },
      variants: [{ title: 'L', optionValues: { Size: 'L' }, price: '10.00', stock: 50 }],
    });
    const variant = await t.database.prisma.variant.findFirstOrThrow({ where: { productId: boxed.id } });
    await t.database.prisma.variant.update({ where: { id: variant.id }, data: { weight: weightKg } });
    const deliveryOf = async (who: Headers, quantity: number) => {
      const body = { vendor_id: store.store.id, cart_items: [{ item_id: boxed.id, variant_id: variant.id, quantity }] };
      const res = await send('POST', '/v1/store/cart', body, who, store.publicKey);
      expect(res.status, res.raw).toBe(200);
      return res.body.data.vendor.delivery_info;
    };
    const zone = (data: Record<string, unknown>) =>
      t.database.prisma.shippingZone.create({
        data: {
          storeId: store.store.id,
          name: 'Zone',
          zoneType: 'national',
          countries: ['US'],
          currency: 'USD',
          baseRate: '0',
          minDays: 1,
          maxDays: 2,
          ...data,
        },
      });
    return { deliveryOf, zone };
  }

  it("shows the lowest fee an active zone would charge for the cart's weight, and the days over those zones", async () => {
    const { deliveryOf, zone } = await deliveringStore('2.000');
    await zone({ baseRate: '3.00', perKgRate: '1.50', minDays: 1, maxDays: 2 });
    await zone({ countries: ['CA'], baseRate: '5.00', minDays: 3, maxDays: 5 });
    await zone({ baseRate: '1.00', perKgRate: '0.50', minWeightKg: '10', maxWeightKg: '20', minDays: 1, maxDays: 1 });
    await zone({ baseRate: '0', active: false, minDays: 9, maxDays: 9 });
    const who = session();
    // 4 kg: 3.00 + 1.50 × 4 = 9.00 or 5.00; the 10–20 kg zone and the inactive one do not count.
    expect(await deliveryOf(who, 2)).toMatchObject({
      is_free_delivery: false,
      delivery_fee: 5,
      delivery_fee_value: 5,
      delivery_time: '1-5 days',
      delivery_message: 'By our own riders',
      offers_free_delivery: false,
    });
    // 16 kg: the 10–20 kg zone charges 1.00 + 0.50 × (16 − 10) = 4.00.
    expect(await deliveryOf(who, 8)).toMatchObject({ delivery_fee: 4, delivery_fee_value: 4, delivery_time: '1-5 days' });
  });

  it('is free when the cheapest zone charges nothing, and says delivery is priced at checkout when no zone takes the weight', async () => {
    const { deliveryOf, zone } = await deliveringStore('0.500');
    await zone({ baseRate: '0', maxWeightKg: '1', minDays: 2, maxDays: 2 });
    const who = session();
    expect(await deliveryOf(who, 1)).toMatchObject({ is_free_delivery: true, offers_free_delivery: true, delivery_fee: 0, delivery_time: '2 days' });
    expect(await deliveryOf(who, 4)).toMatchObject({
      is_free_delivery: false,
      offers_free_delivery: false,
      delivery_fee: 4.5,
      delivery_fee_value: 4.5,
      delivery_time: 'Same day',
      delivery_message: 'Delivery for this cart is priced at checkout, by the delivery address.',
    });
  });

  it("shows the store's flat fee, time and message when it has no shipping zones, whatever zones other stores have", async () => {
    const { deliveryOf } = await deliveringStore('2.000');
    expect(await deliveryOf(session(), 2)).toMatchObject({
      is_free_delivery: false,
      delivery_fee: 4.5,
      delivery_fee_value: 4.5,
      delivery_time: 'Same day',
      delivery_message: 'By our own riders',
      offers_free_delivery: false,
    });
  });
});
