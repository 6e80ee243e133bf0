import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../support/catalog.js';
import { checkoutCart, chicago } from '../support/orders.js';
import { signInCustomer } from '../support/customers.js';
import { call, get } from '../support/http.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { MERCHANT, send } from '../support/writes.js';

// Issue 17: "Each bounded context owns the merchant object it is known by outside … The merchant
// presenters and the event payloads use the same document function, so a webhook and
// GET /products/{id} can never disagree." Product and customer events carry the object as it
// stood at the change, built in the write's transaction.

let t: TestApp;
let shop: TestStore;
let contactReader: string;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  contactReader = await makeKey(t.database, {
    store: shop.store.slug,
    kind: 'private',
    scopes: ['merchant-customers-read', 'merchant-customers-detail', 'merchant-customers-contact-read'],
  });
});
afterAll(() => t.close());

/** The payloads of the store's events on a topic, oldest first. */
async function payloads(topic: string): Promise<Record<string, unknown>[]> {
  const rows = await t.database.prisma.outboxEvent.findMany({ where: { storeId: shop.store.id, topic }, orderBy: { sequence: 'asc' } });
  return rows.map((row) => row.payload as Record<string, unknown>);
}

const productOf = async (uid: string) => {
  const res = await get(t.app, `${MERCHANT}/products/${uid}`, shop.privateKey);
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
};

describe('products/* events', () => {
  it('products/create carries the Product object GET /products/{id} answers right after the write', async () => {
    const res = await send(t.app, shop.privateKey, 'POST', '/products', {
      title: 'Evented lamp',
      price: 30,
      options: [{ name: 'Size', values: ['S', 'L'] }],
      variants: [
        { sku: 'EV-S', option_values: { Size: 'S' }, price: 30, stock: 3 },
        { sku: 'EV-L', option_values: { Size: 'L' }, price: 40, stock: 1 },
      ],
    });
    expect(res.status, res.raw).toBe(201);
    const created = (await payloads('products/create')).filter((p) => p.uid === res.body.data.uid);
    expect(created).toEqual([await productOf(res.body.data.uid)]);
  });

  it('products/update carries the object after the change, and a later change leaves the earlier event as it was', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Evented mug', price: '8.00' });
    expect((await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { title: 'Blue mug' })).status).toBe(200);
    const first = await productOf(product.id);
    expect((await send(t.app, shop.privateKey, 'PUT', `/products/${product.id}`, { title: 'Red mug', price: 9 })).status).toBe(200);
    const second = await productOf(product.id);

    const events = (await payloads('products/update')).filter((p) => p.uid === product.id);
    expect(events).toEqual([first, second]);
    expect([events[0]!.title, events[0]!.price, events[1]!.title, events[1]!.price]).toEqual(['Blue mug', '8.00', 'Red mug', '9.00']);
  });

  it('an inventory adjustment and a variant write carry the product with the new stock and price', async () => {
    const product = await createProduct(t.database, shop.store, {
      title: 'Evented rug',
      options: { Width: ['Wide', 'Narrow'] },
      variants: [
        { title: 'Wide', optionValues: { Width: 'Wide' }, price: '60.00', stock: 2 },
        { title: 'Narrow', optionValues: { Width: 'Narrow' }, price: '50.00', stock: 1 },
      ],
    });
    const [wide] = await t.database.prisma.variant.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
    const adjusted = await send(t.app, shop.privateKey, 'POST', '/inventory/levels/adjustments', {
      product: product.pId,
      variant: wide!.pId,
      delta: 5,
      reason: 'received',
    });
    expect(adjusted.status, adjusted.raw).toBe(201);
    const afterAdjustment = await productOf(product.id);
    expect(afterAdjustment.stock).toBe(8);
    const patched = await send(t.app, shop.privateKey, 'PATCH', `/products/${product.id}/variants/${wide!.id}`, { price: 45 });
    expect(patched.status, patched.raw).toBe(200);
    const events = (await payloads('products/update')).filter((p) => p.uid === product.id);
    expect(events).toEqual([afterAdjustment, await productOf(product.id)]);
    expect(events.map((e) => e.storefront_price)).toEqual(['50.00', '45.00']);
  });

  it('a sale carries each product sold as GET /products/{id} answers after the checkout, its images and category too', async () => {
    // Issue 25: checkout reads the sold products' variants and images in its order's statement, under their locks, and their
    // category before them, and primes the event's snapshot with those rows instead of reading them at commit.
    const category = await createCategory(t.database, shop.store, 'Evented kitchen');
    const kettle = await createProduct(t.database, shop.store, { title: 'Evented kettle', price: '12.00', stock: 5, category, images: 2 });
    const apron = await createProduct(t.database, shop.store, {
      title: 'Evented apron',
      category,
      images: 3,
      options: { Size: ['S', 'L'] },
      variants: [
        { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 2 },
        { title: 'L', optionValues: { Size: 'L' }, price: '22.00', stock: 1 },
      ],
    });
    const [small] = await t.database.prisma.variant.findMany({ where: { productId: apron.id }, orderBy: { position: 'asc' } });
    await checkoutCart(
      t.app,
      shop,
      { 'x-cart-session': randomUUID() },
      [
        { item_id: kettle.id, quantity: 2 },
        { item_id: apron.id, variant_id: small!.id, quantity: 2 },
      ],
      { address: chicago, contact: { name: 'Ada', email: 'ada@example.com' } },
    );
    const updates = await payloads('products/update');
    for (const product of [kettle, apron]) expect(updates.filter((p) => p.uid === product.id)).toEqual([await productOf(product.id)]);
    const [kettleEvent, apronEvent] = [kettle, apron].map((product) => updates.find((p) => p.uid === product.id)!);
    expect([kettleEvent!.stock, apronEvent!.stock, (kettleEvent!.images as unknown[]).length, (apronEvent!.images as unknown[]).length]).toEqual([3, 1, 2, 3]);
  });

  it('products/delete carries the object with its deleted_at, as it stood when deleted', async () => {
    const product = await createProduct(t.database, shop.store, { title: 'Evented vase', price: '12.00' });
    const before = await productOf(product.id);
    expect((await send(t.app, shop.privateKey, 'DELETE', `/products/${product.id}`)).status).toBe(200);
    const [deleted] = (await payloads('products/delete')).filter((p) => p.uid === product.id);
    const row = await t.database.prisma.product.findUniqueOrThrow({ where: { id: product.id } });
    expect(deleted).toEqual({ ...before, deleted_at: row.deletedAt!.toISOString(), updated_at: row.updatedAt.toISOString() });
  });
});

describe('customers/* events', () => {
  const customerOf = async (id: number) => {
    const res = await get(t.app, `${MERCHANT}/customers/${id}`, contactReader);
    expect(res.status, res.raw).toBe(200);
    return res.body.data;
  };

  it('customers/create carries the Customer object, contact unmasked, as GET /customers/{id} answers it', async () => {
    const email = `events-${randomUUID().slice(0, 8)}@shop.example`;
    const res = await call(t.app, {
      method: 'POST',
      url: '/v1/auth/email/register-password',
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', email, password: 'correct horse' }),
    });
    expect(res.status, res.raw).toBe(201);
    const [created] = (await payloads('customers/create')).filter((p) => p.email === email);
    expect(created).toEqual(await customerOf(created!.id as number));
  });

  it('customers/update carries the object after the change; a later change leaves it as it was', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const update = (body: unknown) =>
      call(t.app, {
        method: 'PATCH',
        url: '/v1/store/account',
        key: shop.publicKey,
        headers: { 'content-type': 'application/json', ...ada.auth },
        payload: JSON.stringify(body),
      });
    expect((await update({ first_name: 'Augusta' })).status).toBe(200);
    const first = await customerOf(ada.customer.id);
    expect((await update({ first_name: 'Ada' })).status).toBe(200);
    const events = (await payloads('customers/update')).filter((p) => p.uid === ada.customer.uid);
    expect(events).toEqual([first, await customerOf(ada.customer.id)]);
    expect(String(events[0]!.name).startsWith('Augusta')).toBe(true);
  });
});
