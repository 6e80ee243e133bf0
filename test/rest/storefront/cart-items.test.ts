import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../../src/generated/prisma/client.js';
import { line, lineSummary, seedCartShop, sendJson, session } from '../../support/cart.js';
import { createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { expectFailure } from '../../support/failure.js';
import { get } from '../../support/http.js';
import type { TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let mug: Product;
let shirt: Product;
let small: Variant;
let foreign: Product;

type Headers = Record<string, string>;
const send = (method: 'POST' | 'DELETE', url: string, body: unknown, headers: Headers = {}, key = shop.publicKey) =>
  sendJson(t.app, method, url, body, headers, key);
const readCart = (headers: Headers, key = shop.publicKey) => get(t.app, '/v1/store/cart', key, headers);
const upsert = (lines: unknown[], headers: Headers = {}, extra: Record<string, unknown> = {}) =>
  send('POST', '/v1/store/cart', { vendor_id: shop.store.id, cart_items: lines, source: 'web', ...extra }, headers);
const addItem = (body: Record<string, unknown>, headers: Headers) => send('POST', '/v1/store/cart/items', body, headers);
const validate = (cartId: string, headers: Headers) => send('POST', '/v1/store/cart/validate', { cart_id: cartId }, headers);
const clear = (headers: Headers, cartId?: string) => send('DELETE', `/v1/store/cart/clear${cartId ? `?cart_id=${cartId}` : ''}`, undefined, headers);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, other, tea, mug, shirt, small, foreign } = await seedCartShop(t.database));
});
afterAll(() => t.close());

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

  it('answers 404 for another store’s product, saying what product_id takes', async () => {
    const message = 'Product not found: name it by its uuid (id) or by its slug, as its page does.';
    expectFailure(await addItem({ product_id: foreign.id }, session()), 404, 'not_found', message);
    expectFailure(await addItem({ product_id: foreign.slug }, session()), 404, 'not_found', message);
    expectFailure(await addItem({ product_id: 'no-such-product' }, session()), 404, 'not_found', message);
  });

  it('takes the slug the product pages use, for a plain product and for one sold by variant', async () => {
    const who = session();
    const added = await addItem({ product_id: tea.slug, quantity: 2 }, who);
    expect(added.status, added.raw).toBe(200);
    expect(lineSummary(added.body.data.cart)).toEqual([{ item_id: tea.id, variant_id: undefined, quantity: 2, price: 12.5, discount_price: 12.5 }]);
    const ask = await addItem({ product_id: shirt.slug }, who);
    expect(ask.body.data).toMatchObject({ result: 'customise', product: { id: shirt.id, title: 'Shirt' } });
    const chosen = await addItem({ product_id: shirt.slug, variant_id: small.id }, who);
    expect(lineSummary(chosen.body.data.cart).map((l) => [l.item_id, l.variant_id, l.quantity])).toEqual([
      [tea.id, undefined, 2],
      [shirt.id, small.id, 1],
    ]);
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
