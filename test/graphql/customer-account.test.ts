import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { graphql } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let now = Date.now();
// Accounts are platform-wide and a PostgreSQL test database outlives one file: an address of this run only.
const newEmail = `gql-new@${randomUUID().slice(0, 8)}.example`;

const ERRORS = 'userErrors { field code message }';
const ADDRESS = 'id label lat lng countryCode state city area stateId areaId isDefault';
const VIEWER = `{ customer { name addresses { ${ADDRESS} } following { following sharedContact } wishlist(first: 5) { edges { node { priceAtSave { amount } product { uuid title } } } pageInfo { hasNextPage } } } }`;
const run = (who: SignedInCustomer, query: string, variables: Record<string, unknown> = {}, key = shop.publicKey) =>
  graphql(t.app, key, query, variables, who.auth);

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50' });
});
afterAll(() => t.close());

describe('the customer viewer', () => {
  it('shows addresses, the follow state and the wishlist of the signed-in shopper', async () => {
    const ada = await signInCustomer(t.database, shop.store, { firstName: 'Ada', lastName: 'L' });
    const empty = await run(ada, VIEWER);
    expect(empty.body).toEqual({
      data: {
        customer: {
          name: 'Ada L',
          addresses: [],
          following: { following: false, sharedContact: false },
          wishlist: { edges: [], pageInfo: { hasNextPage: false } },
        },
      },
    });
  });

  it('answers customer_token_required without a token', async () => {
    const res = await graphql(t.app, shop.publicKey, VIEWER);
    expect(res.body.errors[0].extensions.code).toBe('customer_token_required');
  });
});

describe('addressCreate, addressSetDefault, addressDelete', () => {
  it('save, move the default and delete as the REST operations do', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const create = `mutation A($input: SavedAddressInput!) { addressCreate(input: $input) { address { ${ADDRESS} } ${ERRORS} } }`;
    const first = (await run(ada, create, { input: { label: 'Office', address: '1 N State St', lat: 41.8781, lng: -87.6298 } })).body.data.addressCreate;
    expect(first).toEqual({
      address: {
        id: expect.any(String),
        label: 'Office',
        lat: 41.8781,
        lng: -87.6298,
        countryCode: 'US',
        state: 'Illinois',
        city: 'Chicago Loop',
        area: 'Chicago Loop',
        stateId: 840000017,
        areaId: 840005805,
        isDefault: true,
      },
      userErrors: [],
    });
    const second = (await run(ada, create, { input: { label: 'Boat', address: 'At sea', lat: 30, lng: -40 } })).body.data.addressCreate.address;
    const moved = await run(ada, `mutation { addressSetDefault(id: "${second.id}") { address { isDefault } ${ERRORS} } }`);
    expect(moved.body.data.addressSetDefault).toEqual({ address: { isDefault: true }, userErrors: [] });
    const deleted = await run(ada, `mutation { addressDelete(id: "${second.id}") { deletedId ${ERRORS} } }`);
    expect(deleted.body.data.addressDelete).toEqual({ deletedId: second.id, userErrors: [] });
    expect((await run(ada, VIEWER)).body.data.customer.addresses).toEqual([{ ...first.address, isDefault: true }]);
  });

  it('names bad input and another shopper’s address in userErrors', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const bad = await run(ada, 'mutation { addressCreate(input: { label: "", address: "x", lat: 95, lng: 0 }) { address { id } userErrors { field code } } }');
    expect(bad.body.data.addressCreate).toEqual({
      address: null,
      userErrors: [
        { field: 'input.label', code: 'validation_failed' },
        { field: 'input.lat', code: 'validation_failed' },
      ],
    });
    const bob = await signInCustomer(t.database, shop.store);
    const mine = (await run(ada, 'mutation { addressCreate(input: { label: "H", address: "x", lat: 1, lng: 1 }) { address { id } } }')).body.data.addressCreate
      .address;
    const theirs = await run(bob, `mutation { addressDelete(id: "${mine.id}") { deletedId userErrors { field code message } } }`);
    expect(theirs.body.data.addressDelete).toEqual({ deletedId: null, userErrors: [{ field: null, code: 'not_found', message: 'Saved address not found.' }] });
  });
});

describe('accountUpdate and requestContactChangeOtp', () => {
  it('change the names, and the email with a code sent to it', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const renamed = await run(ada, `mutation { accountUpdate(input: { firstName: "Augusta" }) { customer { firstName } ${ERRORS} } }`);
    expect(renamed.body.data.accountUpdate).toEqual({ customer: { firstName: 'Augusta' }, userErrors: [] });

    const sent = await run(ada, `mutation { requestContactChangeOtp(input: { email: "${newEmail}" }) { email channel expiresIn resendIn ${ERRORS} } }`);
    expect(sent.body.data.requestContactChangeOtp).toEqual({ email: newEmail, channel: 'email', expiresIn: 300, resendIn: 60, userErrors: [] });
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: newEmail } });
    const code = /is (\d{6})/.exec(message.text!)![1]!;
    const changed = await run(
      ada,
      `mutation U($code: String!) { accountUpdate(input: { email: "${newEmail}", otpCode: $code }) { customer { email } userErrors { field } } }`,
      { code },
    );
    expect(changed.body.data.accountUpdate).toEqual({ customer: { email: newEmail }, userErrors: [] });
  });

  it('names a missing code and an empty update', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const noCode = await run(ada, 'mutation { accountUpdate(input: { email: "x@example.com" }) { customer { email } userErrors { field code } } }');
    expect(noCode.body.data.accountUpdate).toEqual({ customer: null, userErrors: [{ field: 'input.otpCode', code: 'validation_failed' }] });
    const nothing = await run(ada, 'mutation { accountUpdate(input: {}) { customer { email } userErrors { field code } } }');
    expect(nothing.body.data.accountUpdate.userErrors).toEqual([{ field: 'input', code: 'validation_failed' }]);
  });
});

describe('storeFollow, storeUnfollow', () => {
  it('follow with a contact choice, then stop', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const followed = await run(ada, `mutation { storeFollow(sharedContact: true) { followState { following sharedContact followedAt } ${ERRORS} } }`);
    expect(followed.body.data.storeFollow).toEqual({ followState: { following: true, sharedContact: true, followedAt: expect.any(String) }, userErrors: [] });
    const left = await run(ada, 'mutation { storeUnfollow { followState { following followedAt } } }');
    expect(left.body.data.storeUnfollow.followState).toEqual({ following: false, followedAt: null });
  });
});

describe('wishlistAdd, wishlistRemove', () => {
  it('save a product at today’s price, list it on the viewer, and remove it', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const added = await run(ada, `mutation { wishlistAdd(productId: "${tea.slug}") { created item { priceAtSave { amount } product { uuid } } ${ERRORS} } }`);
    expect(added.body.data.wishlistAdd).toEqual({ created: true, item: { priceAtSave: { amount: '12.50' }, product: { uuid: tea.id } }, userErrors: [] });
    const again = await run(ada, `mutation { wishlistAdd(productId: "${tea.id}") { created } }`);
    expect(again.body.data.wishlistAdd.created).toBe(false);
    const viewer = await run(ada, VIEWER);
    expect(viewer.body.data.customer.wishlist.edges).toEqual([{ node: { priceAtSave: { amount: '12.50' }, product: { uuid: tea.id, title: 'Green Tea' } } }]);
    const removed = await run(ada, `mutation { wishlistRemove(productId: "${tea.id}") { removedProductId ${ERRORS} } }`);
    expect(removed.body.data.wishlistRemove).toEqual({ removedProductId: tea.id, userErrors: [] });
    const missing = await run(ada, `mutation { wishlistRemove(productId: "${tea.id}") { removedProductId userErrors { field code } } }`);
    expect(missing.body.data.wishlistRemove).toEqual({ removedProductId: null, userErrors: [{ field: null, code: 'not_found' }] });
  });

  it('answers not_found for another shopper’s item, and leaves it saved', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await run(ada, `mutation { wishlistAdd(productId: "${tea.id}") { created } }`);
    const bob = await signInCustomer(t.database, shop.store);
    const res = await run(bob, `mutation { wishlistRemove(productId: "${tea.id}") { removedProductId ${ERRORS} } }`);
    expect(res.body).toEqual({
      data: {
        wishlistRemove: {
          removedProductId: null,
          userErrors: [{ field: null, code: 'not_found', message: 'Wishlist item not found: this product is not in the wishlist.' }],
        },
      },
    });
    expect((await run(ada, VIEWER)).body.data.customer.wishlist.edges).toEqual([
      { node: { priceAtSave: { amount: '12.50' }, product: { uuid: tea.id, title: 'Green Tea' } } },
    ]);
  });

  it('shows the same account at another store only that store’s wishlist', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    await run(ada, `mutation { wishlistAdd(productId: "${tea.id}") { created } }`);
    const adaThere = await signInCustomer(t.database, other.store, { id: ada.account.id });
    const there = await run(
      adaThere,
      '{ customer { wishlist(first: 5) { edges { node { product { uuid } } } pageInfo { hasNextPage } } } }',
      {},
      other.publicKey,
    );
    expect(there.body).toEqual({ data: { customer: { wishlist: { edges: [], pageInfo: { hasNextPage: false } } } } });
  });

  it('refuses a token of another store with token_store_mismatch', async () => {
    const ada = await signInCustomer(t.database, other.store);
    const res = await run(ada, `mutation { wishlistAdd(productId: "${tea.id}") { created } }`);
    expect(res.body.errors[0].extensions.code).toBe('token_store_mismatch');
  });
});
