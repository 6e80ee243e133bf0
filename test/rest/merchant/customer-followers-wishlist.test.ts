import { Prisma } from '../../../src/generated/prisma/client.js';
import type { Product } from '../../../src/generated/prisma/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../../support/customers.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeCustomer, uniqueContacts } from '../../support/merchant-customers.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let reader: string;
let contactReader: string;
let ada: SignedInCustomer;
let bob: SignedInCustomer;
let foreign: SignedInCustomer;
let boot: Product;
let mug: Product;
let follows: { customer: string; shared: string; private: string };

const base = '/api/v1/merchant';
const { domain, email, phone } = uniqueContacts();
const read = (url: string, key = reader) => get(t.app, `${base}${url}`, key);

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  const scopes = ['merchant-customers-read', 'merchant-customers-detail'];
  reader = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });
  contactReader = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: [...scopes, 'merchant-customers-contact-read'] });
  const s = shop.store;
  ada = await makeCustomer(t.database, s, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('ada'),
    phone: phone('0161'),
    createdAt: '2026-01-01T00:00:00Z',
  });
  bob = await makeCustomer(t.database, s, { firstName: 'Bob', lastName: 'Stone', email: email('bob'), createdAt: '2026-01-02T00:00:00Z' });
  foreign = await makeCustomer(t.database, other.store, { firstName: 'Fox', lastName: 'Far', email: email('fox'), createdAt: '2026-01-03T00:00:00Z' });

  const db = t.database.prisma;
  const hal = await db.customerAccount.create({ data: { email: email('hal'), phone: phone('0170'), firstName: 'Hal', lastName: 'Shared' } });
  const ivy = await db.customerAccount.create({
    data: { email: email('ivy'), firstName: 'Ivy', lastName: 'Quiet', avatarUrl: 'https://cdn.test/ivy.png' },
  });
  const follow = (accountId: string, createdAt: string, extra: { customerId?: number; sharedContact?: boolean } = {}) =>
    db.storeFollow.create({ data: { storeId: s.id, accountId, createdAt: new Date(createdAt), ...extra } });
  follows = {
    customer: (await follow(ada.account.id, '2026-02-01T00:00:00Z', { customerId: ada.customer.id })).id,
    shared: (await follow(hal.id, '2026-02-02T00:00:00Z', { sharedContact: true })).id,
    private: (await follow(ivy.id, '2026-02-03T00:00:00Z')).id,
  };
  await db.storeFollow.create({ data: { storeId: other.store.id, accountId: ivy.id } });

  const shoes = await createCategory(t.database, s, 'Shoes');
  boot = await createProduct(t.database, s, {
    title: 'Boot',
    category: shoes,
    images: 1,
    options: { Size: ['40', '41'] },
    variants: [
      { title: '40', optionValues: { Size: '40' }, price: '80.00' },
      { title: '41', optionValues: { Size: '41' }, price: '85.00', isActive: false },
    ],
  });
  mug = await createProduct(t.database, s, { title: 'Mug', price: '12.00', images: 0 });
  const winter = await db.collection.create({ data: { storeId: s.id, name: 'Winter', slug: 'winter' } });
  await db.collectionProduct.create({ data: { storeId: s.id, collectionId: winter.id, productId: boot.id } });
  const save = (customerId: number, productId: string, price: string, createdAt: string) =>
    db.wishlistItem.create({ data: { storeId: s.id, customerId, productId, priceAtSave: new Prisma.Decimal(price), createdAt: new Date(createdAt) } });
  await save(ada.customer.id, boot.id, '75.50', '2026-02-10T00:00:00Z');
  await save(ada.customer.id, mug.id, '12.00', '2026-02-11T00:00:00Z');
  await save(bob.customer.id, mug.id, '9.99', '2026-02-12T00:00:00Z');
  // Bob saved one more product of each shape than Ada did: the statement count must not care.
  const sock = await createProduct(t.database, s, {
    title: 'Sock',
    category: shoes,
    images: 2,
    options: { Size: ['S'] },
    variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '3.00' }],
  });
  await db.collectionProduct.create({ data: { storeId: s.id, collectionId: winter.id, productId: sock.id } });
  await save(bob.customer.id, boot.id, '80.00', '2026-02-13T00:00:00Z');
  await save(bob.customer.id, sock.id, '3.00', '2026-02-14T00:00:00Z');
  const foreignMug = await createProduct(t.database, other.store, { title: 'Mug' });
  await save(foreign.customer.id, foreignMug.id, '1.00', '2026-02-12T00:00:00Z');
});
afterAll(() => t.close());

describe('GET /customers/followers', () => {
  it('lists followers newest first; contact only when shared or a customer, masked without the contact scope', async () => {
    const res = await read('/customers/followers');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Followers',
      has_more: false,
      next_cursor: null,
      data: [
        {
          id: follows.private,
          customer_id: null,
          name: 'Ivy Quiet',
          email: null,
          phone: null,
          avatar: 'https://cdn.test/ivy.png',
          shared_contact: false,
          is_customer: false,
          followed_at: '2026-02-03T00:00:00.000Z',
        },
        {
          id: follows.shared,
          customer_id: null,
          name: 'Hal Shared',
          email: `h***@${domain}`,
          phone: '+1*****0170',
          avatar: null,
          shared_contact: true,
          is_customer: false,
          followed_at: '2026-02-02T00:00:00.000Z',
        },
        {
          id: follows.customer,
          customer_id: ada.customer.id,
          name: 'Ada Lovelace',
          email: `a***@${domain}`,
          phone: '+1*****0161',
          avatar: null,
          shared_contact: false,
          is_customer: true,
          followed_at: '2026-02-01T00:00:00.000Z',
        },
      ],
    });
  });

  it('shows shared and customer contact unmasked with the contact scope, and never an unshared one', async () => {
    const data = (await read('/customers/followers', contactReader)).body.data;
    expect(data.map((f: { email: string | null; phone: string | null }) => [f.email, f.phone])).toEqual([
      [null, null],
      [email('hal'), phone('0170')],
      [email('ada'), phone('0161')],
    ]);
  });

  it('walks by limit and starting_after', async () => {
    const first = await read('/customers/followers?limit=2');
    expect(first.body.data.map((f: { id: string }) => f.id)).toEqual([follows.private, follows.shared]);
    expect(first.body.has_more).toBe(true);
    const rest = await read(`/customers/followers?limit=2&starting_after=${first.body.next_cursor}`);
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(rest.body.data.map((f: { id: string }) => f.id)).toEqual([follows.customer]);
  });

  it('names a bad parameter', async () => {
    expectValidation(await read('/customers/followers?limit=0'), 'limit');
    expectValidation(await read('/customers/followers?limit=51'), 'limit');
    expectFailure(await read('/customers/followers?starting_after=abc'), 422, 'starting_after_invalid');
    const customers = await read('/customers?limit=1');
    expectFailure(await read(`/customers/followers?starting_after=${customers.body.next_cursor}`), 422, 'starting_after_invalid');
  });
});

describe('GET /customers/{customer}/wishlist-items', () => {
  it('lists the saved products newest first, at the price the shopper saw, as storefront products with taxonomy and variants', async () => {
    const res = await read(`/customers/${ada.customer.uid}/wishlist-items`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Wishlist items', has_more: false, next_cursor: null });
    const [mugItem, bootItem] = res.body.data;
    expect(mugItem).toMatchObject({ created_at: '2026-02-11T00:00:00.000Z', price_at_save: '12.00', product: { id: mug.id, title: 'Mug', variants: [] } });
    expect(bootItem.created_at).toBe('2026-02-10T00:00:00.000Z');
    expect(bootItem.price_at_save).toBe('75.50');
    expect(bootItem.product).toMatchObject({ id: boot.id, p_id: boot.pId, title: 'Boot', price: 80, has_variants: true, shop_id: shop.store.id });
    const { taxonomy, purchase_limits, measurement, specs, addons, options, variants } = bootItem.product;
    expect({ taxonomy, purchase_limits, measurement, specs, addons }).toEqual({
      taxonomy: {
        categories: [{ id: boot.categoryId, p_id: expect.any(Number), name: 'Shoes', slug: expect.stringMatching(/^shoes-/) }],
        tags: [],
        brand: null,
        collections: [{ id: expect.any(String), p_id: expect.any(Number), name: 'Winter', slug: 'winter' }],
      },
      purchase_limits: { min_qty: 1, max_qty: null, step_qty: 1 },
      measurement: { weight: null, dimensions: null },
      specs: [],
      addons: [],
    });
    expect(options).toEqual([{ name: 'Size', position: 0, values: ['40', '41'] }]);
    expect(variants.map((v: { title: string; price: number }) => [v.title, v.price])).toEqual([['40', 80]]);
  });

  it('walks by limit and starting_after, the cursor bound to the customer', async () => {
    const first = await read(`/customers/${ada.customer.id}/wishlist-items?limit=1`);
    expect(first.body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([mug.id]);
    const rest = await read(`/customers/${ada.customer.id}/wishlist-items?limit=1&starting_after=${first.body.next_cursor}`);
    expect(rest.body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([boot.id]);
    expect(rest.body.has_more).toBe(false);
    expectFailure(await read(`/customers/${bob.customer.id}/wishlist-items?starting_after=${first.body.next_cursor}`), 422, 'starting_after_invalid');
  });

  it('reads a page in a fixed number of statements, whatever its size', async () => {
    const statements = async (customer: SignedInCustomer, count: number) => {
      const before = t.database.statementCount();
      const res = await read(`/customers/${customer.customer.id}/wishlist-items`);
      expect(res.body.data).toHaveLength(count);
      return t.database.statementCount() - before;
    };
    expect(await statements(bob, 3)).toBe(await statements(ada, 2));
  });

  it('keeps a saved product the merchant unpublished, and drops one it deleted', async () => {
    const cal = await signInCustomer(t.database, shop.store);
    const [draft, gone] = await Promise.all(['Draft', 'Gone'].map((title) => createProduct(t.database, shop.store, { title })));
    await t.database.prisma.wishlistItem.createMany({
      data: [draft, gone].map((p) => ({ storeId: shop.store.id, customerId: cal.customer.id, productId: p.id, priceAtSave: '3.00' })),
    });
    await t.database.prisma.product.update({ where: { id: draft.id }, data: { published: false } });
    await t.database.prisma.product.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
    const res = await read(`/customers/${cal.customer.id}/wishlist-items`);
    expect(res.body.data.map((i: { product: { id: string } }) => i.product.id)).toEqual([draft.id]);
  });

  it('answers 404 for another store’s customer', async () => {
    expectFailure(await read(`/customers/${foreign.customer.id}/wishlist-items`), 404, 'not_found', 'Customer not found.');
    expectFailure(await read(`/customers/${foreign.customer.uid}/wishlist-items`), 404, 'not_found', 'Customer not found.');
  });

  it('names a bad parameter', async () => {
    expectValidation(await read(`/customers/${ada.customer.id}/wishlist-items?limit=0`), 'limit');
    expectValidation(await read(`/customers/${ada.customer.id}/wishlist-items?limit=101`), 'limit');
    expectFailure(await read(`/customers/${ada.customer.id}/wishlist-items?starting_after=abc`), 422, 'starting_after_invalid');
  });
});
