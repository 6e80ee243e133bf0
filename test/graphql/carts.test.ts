import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../src/generated/prisma/client.js';
import { seedCartShop, session } from '../support/cart.js';
import { signInCustomer } from '../support/customers.js';
import { createDiscount } from '../support/discounts.js';
import { graphql } from '../support/http.js';
import type { TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let shirt: Product;
let small: Variant;

type Headers = Record<string, string>;
const ERRORS = 'userErrors { field code message }';
const CART = `id subtotal { amount currencyCode } source isValid lastValidatedAt checkoutUrl
  lines { productId title variantId variantTitle variantOptionValues { name value } quantity price { amount } discountPrice { amount } discount { title type amount { amount } } }
  validationErrors { line productId variantId code message oldValue newValue }`;
const READ = `{ cart { ${CART} } }`;
const UPSERT = `mutation ($input: CartUpsertInput!) { cartUpsert(input: $input) { cart { ${CART} } rejectedLines { index productId variantId reason message } ${ERRORS} } }`;
const ADD = `mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { cart { id lines { productId variantId quantity } }
  choices { productId title options { name values { value available } } variants { id title optionValues { name value } price { amount } discountPrice { amount } inStock quantity } } ${ERRORS} } }`;
const VALIDATE = `mutation ($cartId: UUID!) { cartValidate(cartId: $cartId) { cart { isValid validationErrors { code oldValue newValue } } ${ERRORS} } }`;
const CLEAR = `mutation ($cartId: UUID) { cartClear(cartId: $cartId) { cleared ${ERRORS} } }`;
const run = (query: string, variables: Record<string, unknown>, headers: Headers, key = shop.publicKey) => graphql(t.app, key, query, variables, headers);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, other, tea, shirt, small } = await seedCartShop(t.database));
});
afterAll(() => t.close());

describe('GraphQL cart', () => {
  it('upserts a cart priced from the catalogue, reports refused lines, and reads it back', async () => {
    const who = session();
    const discount = await createDiscount(t.database, shop.store, { title: 'Shirt deal', type: 'fixed', value: '2', productIds: [shirt.id], validFrom: null });
    const unknown = randomUUID();
    const res = await run(
      UPSERT,
      {
        input: {
          lines: [
            { productId: tea.id, quantity: 2 },
            { productId: shirt.id, variantId: small.id, quantity: 1 },
            { productId: unknown, quantity: 1 },
            { productId: shirt.id, quantity: 1 },
          ],
        },
      },
      who,
    );
    expect(res.status).toBe(200);
    const payload = res.body.data.cartUpsert;
    expect(payload.userErrors).toEqual([]);
    expect(payload.rejectedLines).toEqual([
      { index: 2, productId: unknown, variantId: null, reason: 'not_found', message: 'No such product in this store.' },
      { index: 3, productId: shirt.id, variantId: null, reason: 'variant_required', message: 'This product is sold by variant: send variant_id.' },
    ]);
    expect(payload.cart).toEqual({
      id: expect.any(String),
      subtotal: { amount: '43.00', currencyCode: shop.store.currency },
      source: 'web',
      isValid: true,
      lastValidatedAt: null,
      checkoutUrl: null,
      validationErrors: [],
      lines: [
        {
          productId: tea.id,
          title: 'Green Tea',
          variantId: null,
          variantTitle: null,
          variantOptionValues: [],
          quantity: 2,
          price: { amount: '12.50' },
          discountPrice: { amount: '12.50' },
          discount: null,
        },
        {
          productId: shirt.id,
          title: 'Shirt',
          variantId: small.id,
          variantTitle: 'S',
          variantOptionValues: [{ name: 'Size', value: 'S' }],
          quantity: 1,
          price: { amount: '20.00' },
          discountPrice: { amount: '18.00' },
          discount: { title: 'Shirt deal', type: 'fixed', amount: { amount: '2.00' } },
        },
      ],
    });
    await t.database.prisma.discount.delete({ where: { id: discount.id } });
    expect((await run(READ, {}, who)).body.data.cart.id).toBe(payload.cart.id);
    const privately = await run(READ, {}, who, shop.privateKey);
    expect(privately.body.data.cart.checkoutUrl).toBe(`http://bazaar.test/checkout/${payload.cart.id}`);
    expect((await run(READ, {}, who, other.publicKey)).body.data).toEqual({ cart: null });
  });

  it('answers a userError on X-Cart-Session without a session or a customer, and reads the customer’s cart by token', async () => {
    const res = await run(UPSERT, { input: { lines: [{ productId: tea.id, quantity: 1 }] } }, {});
    expect(res.body.data.cartUpsert).toEqual({
      cart: null,
      rejectedLines: [],
      userErrors: [{ field: 'X-Cart-Session', code: 'validation_failed', message: expect.stringMatching(/^Missing session token/) }],
    });
    const read = await run(READ, {}, {});
    expect(read.body.errors[0].extensions.code).toBe('validation_failed');
    const ada = await signInCustomer(t.database, shop.store);
    await run(UPSERT, { input: { lines: [{ productId: tea.id, quantity: 3 }] } }, { ...ada.auth, ...session() });
    expect((await run(READ, {}, ada.auth)).body.data.cart.lines.map((l: { quantity: number }) => l.quantity)).toEqual([3]);
  });

  it('asks for a variant, then adds it; validates and clears', async () => {
    const who = session();
    const ask = await run(ADD, { input: { productId: shirt.id } }, who);
    expect(ask.body.data.cartItemAdd).toEqual({
      cart: null,
      userErrors: [],
      choices: {
        productId: shirt.id,
        title: 'Shirt',
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
          {
            id: small.id,
            title: 'S',
            optionValues: [{ name: 'Size', value: 'S' }],
            price: { amount: '20.00' },
            discountPrice: { amount: '20.00' },
            inStock: true,
            quantity: 4,
          },
          {
            id: expect.any(String),
            title: 'M',
            optionValues: [{ name: 'Size', value: 'M' }],
            price: { amount: '22.00' },
            discountPrice: { amount: '22.00' },
            inStock: false,
            quantity: 0,
          },
        ],
      },
    });
    const added = await run(ADD, { input: { productId: shirt.id, variantId: small.id, quantity: 2 } }, who);
    const cart = added.body.data.cartItemAdd.cart;
    expect(cart.lines).toEqual([{ productId: shirt.id, variantId: small.id, quantity: 2 }]);
    await t.database.prisma.variant.update({ where: { id: small.id }, data: { price: '21.00' } });
    const checked = await run(VALIDATE, { cartId: cart.id }, who);
    expect(checked.body.data.cartValidate).toEqual({
      cart: { isValid: false, validationErrors: [{ code: 'price_changed', oldValue: 20, newValue: 21 }] },
      userErrors: [],
    });
    await t.database.prisma.variant.update({ where: { id: small.id }, data: { price: '20.00' } });
    expect((await run(VALIDATE, { cartId: cart.id }, session())).body.data.cartValidate.userErrors).toEqual([
      { field: null, code: 'not_found', message: expect.any(String) },
    ]);
    expect((await run(CLEAR, { cartId: cart.id }, who)).body.data.cartClear).toEqual({ cleared: true, userErrors: [] });
    expect((await run(READ, {}, who)).body.data.cart.lines).toEqual([]);
  });
});
