import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, Variant } from '../../src/generated/prisma/client.js';
import { seedCartShop, session } from '../support/cart.js';
import { signInCustomer } from '../support/customers.js';
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
type Line = { productId: string; variantId: string | null; quantity: number; discountPrice: { amount: string } };
const ERRORS = 'userErrors { field code message }';
const CART = 'id subtotal { amount } lines { productId variantId quantity discountPrice { amount } }';
const READ = `{ cart { ${CART} } }`;
const UPSERT = `mutation ($input: CartUpsertInput!) { cartUpsert(input: $input) { cart { id } ${ERRORS} } }`;
const UPDATE = `mutation ($input: CartLinesUpdateInput!) { cartLinesUpdate(input: $input) { cart { ${CART} } ${ERRORS} } }`;
const REMOVE = `mutation ($input: CartLinesRemoveInput!) { cartLinesRemove(input: $input) { cart { ${CART} } ${ERRORS} } }`;
const run = (query: string, variables: Record<string, unknown>, headers: Headers, key = shop.publicKey) => graphql(t.app, key, query, variables, headers);
const quantities = (lines: Line[]) => lines.map((l) => [l.productId, l.variantId, l.quantity]);

/** A shopper's cart holding 2 tea and 1 small shirt. */
async function cartOfTeaAndShirt(who: Headers) {
  const res = await run(
    UPSERT,
    {
      input: {
        lines: [
          { productId: tea.id, quantity: 2 },
          { productId: shirt.id, variantId: small.id, quantity: 1 },
        ],
      },
    },
    who,
  );
  expect(res.body.data.cartUpsert.userErrors).toEqual([]);
  return res.body.data.cartUpsert.cart.id as string;
}

const readLines = async (who: Headers) => quantities((await run(READ, {}, who)).body.data.cart.lines);

beforeAll(async () => {
  t = await startTestApp();
  ({ shop, other, tea, shirt, small } = await seedCartShop(t.database));
});
afterAll(() => t.close());

describe('GraphQL cartLinesUpdate', () => {
  it('sets quantities of held lines at catalogue prices, and 0 removes a line', async () => {
    const who = session();
    const cartId = await cartOfTeaAndShirt(who);
    await t.database.prisma.product.update({ where: { id: tea.id }, data: { price: '13.00' } });
    try {
      const res = await run(
        UPDATE,
        {
          input: {
            lines: [
              { productId: shirt.id, variantId: small.id.toUpperCase(), quantity: 3 },
              { productId: tea.id, quantity: 5 },
            ],
          },
        },
        who,
      );
      expect(res.body.data.cartLinesUpdate).toEqual({
        userErrors: [],
        cart: {
          id: cartId,
          subtotal: { amount: '125.00' },
          lines: [
            { productId: tea.id, variantId: null, quantity: 5, discountPrice: { amount: '13.00' } },
            { productId: shirt.id, variantId: small.id, quantity: 3, discountPrice: { amount: '20.00' } },
          ],
        },
      });
    } finally {
      await t.database.prisma.product.update({ where: { id: tea.id }, data: { price: '12.50' } });
    }
    const zero = await run(UPDATE, { input: { lines: [{ productId: tea.id, quantity: 0 }] } }, who);
    expect(zero.body.data.cartLinesUpdate.userErrors).toEqual([]);
    expect(quantities(zero.body.data.cartLinesUpdate.cart.lines)).toEqual([[shirt.id, small.id, 3]]);
    expect(await readLines(who)).toEqual([[shirt.id, small.id, 3]]);
  });

  it('names a line the cart does not hold and changes nothing', async () => {
    const who = session();
    await cartOfTeaAndShirt(who);
    const res = await run(
      UPDATE,
      {
        input: {
          lines: [
            { productId: tea.id, quantity: 4 },
            { productId: shirt.id, quantity: 1 },
          ],
        },
      },
      who,
    );
    expect(res.body.data.cartLinesUpdate).toEqual({
      cart: null,
      userErrors: [{ field: 'input.lines.1', code: 'validation_failed', message: `The cart holds no line of product ${shirt.id} without a variant.` }],
    });
    expect(await readLines(who)).toEqual([
      [tea.id, null, 2],
      [shirt.id, small.id, 1],
    ]);
  });

  it('refuses more units than are in stock, all or nothing', async () => {
    const who = session();
    await cartOfTeaAndShirt(who);
    const res = await run(
      UPDATE,
      {
        input: {
          lines: [
            { productId: tea.id, quantity: 1 },
            { productId: shirt.id, variantId: small.id, quantity: 5 },
          ],
        },
      },
      who,
    );
    expect(res.body.data.cartLinesUpdate).toEqual({
      cart: null,
      userErrors: [{ field: 'input.lines.1.quantity', code: 'validation_failed', message: 'Fewer units are in stock than asked for.' }],
    });
    expect(await readLines(who)).toEqual([
      [tea.id, null, 2],
      [shirt.id, small.id, 1],
    ]);
  });

  it('answers bad input as userErrors on the input path', async () => {
    const who = session();
    await cartOfTeaAndShirt(who);
    const empty = await run(UPDATE, { input: { lines: [] } }, who);
    expect(empty.body.data.cartLinesUpdate.userErrors).toEqual([{ field: 'input.lines', code: 'validation_failed', message: 'must name at least one line' }]);
    const negative = await run(UPDATE, { input: { lines: [{ productId: tea.id, quantity: -1 }] } }, who);
    expect(negative.body.data.cartLinesUpdate.userErrors).toEqual([
      { field: 'input.lines.0.quantity', code: 'validation_failed', message: 'must be at least 0' },
    ]);
    const twice = await run(
      UPDATE,
      {
        input: {
          lines: [
            { productId: tea.id, quantity: 1 },
            { productId: tea.id, quantity: 3 },
          ],
        },
      },
      who,
    );
    expect(twice.body.data.cartLinesUpdate.userErrors).toEqual([
      { field: 'input.lines.1', code: 'validation_failed', message: expect.stringMatching(/a second time/) },
    ]);
    const anonymous = await run(UPDATE, { input: { lines: [{ productId: tea.id, quantity: 1 }] } }, {});
    expect(anonymous.body.data.cartLinesUpdate.userErrors).toEqual([
      { field: 'X-Cart-Session', code: 'validation_failed', message: expect.stringMatching(/^Missing session token/) },
    ]);
    expect(await readLines(who)).toEqual([
      [tea.id, null, 2],
      [shirt.id, small.id, 1],
    ]);
  });

  it("edits only the caller's cart: another shopper's, a customer's and another store's carts are untouched", async () => {
    const mine = session();
    const theirs = session();
    await cartOfTeaAndShirt(mine);
    await cartOfTeaAndShirt(theirs);
    const ada = await signInCustomer(t.database, shop.store);
    await cartOfTeaAndShirt(ada.auth);

    const res = await run(UPDATE, { input: { lines: [{ productId: tea.id, quantity: 7 }] } }, mine);
    expect(res.body.data.cartLinesUpdate.userErrors).toEqual([]);
    // A customer token wins over the session header: this edits Ada's cart, not the session's.
    const asAda = await run(UPDATE, { input: { lines: [{ productId: tea.id, quantity: 6 }] } }, { ...ada.auth, ...theirs });
    expect(asAda.body.data.cartLinesUpdate.userErrors).toEqual([]);
    expect(await readLines(mine)).toEqual([
      [tea.id, null, 7],
      [shirt.id, small.id, 1],
    ]);
    expect(await readLines(ada.auth)).toEqual([
      [tea.id, null, 6],
      [shirt.id, small.id, 1],
    ]);
    expect(await readLines(theirs)).toEqual([
      [tea.id, null, 2],
      [shirt.id, small.id, 1],
    ]);
    // The same session at another store has no such line.
    const elsewhere = await run(UPDATE, { input: { lines: [{ productId: tea.id, quantity: 1 }] } }, mine, other.publicKey);
    expect(elsewhere.body.data.cartLinesUpdate.userErrors).toEqual([
      { field: 'input.lines.0', code: 'validation_failed', message: `The cart holds no line of product ${tea.id} without a variant.` },
    ]);
    expect((await run(READ, {}, mine, other.publicKey)).body.data).toEqual({ cart: null });
  });
});

describe('GraphQL cartLinesRemove', () => {
  it('takes the named lines out and leaves the others', async () => {
    const who = session();
    const cartId = await cartOfTeaAndShirt(who);
    const res = await run(REMOVE, { input: { lines: [{ productId: shirt.id, variantId: small.id }] } }, who);
    expect(res.body.data.cartLinesRemove).toEqual({
      userErrors: [],
      cart: { id: cartId, subtotal: { amount: '25.00' }, lines: [{ productId: tea.id, variantId: null, quantity: 2, discountPrice: { amount: '12.50' } }] },
    });
  });

  it('names a line the cart does not hold, removes nothing, and leaves another shopper’s cart alone', async () => {
    const mine = session();
    const theirs = session();
    await cartOfTeaAndShirt(mine);
    await run(UPSERT, { input: { lines: [{ productId: tea.id, quantity: 1 }] } }, theirs);
    const res = await run(
      REMOVE,
      {
        input: {
          lines: [{ productId: tea.id }, { productId: shirt.id, variantId: small.id }],
        },
      },
      theirs,
    );
    expect(res.body.data.cartLinesRemove).toEqual({
      cart: null,
      userErrors: [{ field: 'input.lines.1', code: 'validation_failed', message: `The cart holds no line of product ${shirt.id} and variant ${small.id}.` }],
    });
    expect(await readLines(theirs)).toEqual([[tea.id, null, 1]]);
    expect(await readLines(mine)).toEqual([
      [tea.id, null, 2],
      [shirt.id, small.id, 1],
    ]);
  });
});
