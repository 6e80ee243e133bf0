import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call } from '../../support/http.js';
import { makeCollectionShop, type CollectionShop } from '../../support/merchant-collections.js';
import type { TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// POST /collections/{collection}/products/pin and /reorder (merchant-collections-update): the
// order a collection's products are listed in.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let products: Product[];
let foreign: Product;
let bulk: CollectionShop['bulk'];
let orderOf: CollectionShop['orderOf'];
const run = randomUUID().slice(0, 8);
const slug = (name: string) => `${name}-${run}`;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  ({ shop, other, products, foreign, bulk, orderOf } = await makeCollectionShop(t));
});
afterAll(() => t.close());

describe('POST /collections/{collection}/products/pin', () => {
  it('pins products first in pin order, changing the default order at once, and replaces the pin list', async () => {
    await bulk({ collections: [{ name: 'Pins', slug: slug('pins'), product_ids: products.map((p) => p.id) }] });
    const res = await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/pin`, { product_ids: [products[3]!.pId, products[1]!.id] });
    expect(res.status, res.raw).toBe(200);
    const expected = [products[3]!, products[1]!, products[0]!, products[2]!].map((p) => p.id);
    expect(res.body).toMatchObject({
      status: 'success',
      message: 'Collection products pinned',
      data: { collection: { slug: slug('pins'), products_count: 4 }, product_ids: expected },
    });
    expect(await orderOf(slug('pins'))).toEqual(expected);
    await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/pin`, { product_ids: [products[2]!.id] });
    expect(await orderOf(slug('pins'))).toEqual([products[2]!, products[0]!, products[1]!, products[3]!].map((p) => p.id));
  });

  it("refuses another store's product naming it and writes nothing; another store's collection is a 404", async () => {
    const before = await t.database.prisma.collectionProduct.findMany({ where: { storeId: shop.store.id }, orderBy: { id: 'asc' } });
    const res = await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/pin`, { product_ids: [products[0]!.id, foreign.id] });
    expectValidation(res, 'product_ids.1');
    // Issue 17: the refusal names the product, by the reference sent and its index in the list.
    const refusal = `names product "${foreign.id}" (index 1), which is no product of this store: send the uuid or integer id of one of its products`;
    expect(res.body.errors).toEqual({ 'product_ids.1': [refusal] });
    expect(res.body.message).toBe(refusal);
    expect(await t.database.prisma.collectionProduct.findMany({ where: { storeId: shop.store.id }, orderBy: { id: 'asc' } })).toEqual(before);
    const theirs = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: other.store.id } });
    expectFailure(
      await send(t.app, shop.privateKey, 'POST', `/collections/${theirs.id}/products/pin`, { product_ids: [] }),
      404,
      'not_found',
      'Collection not found.',
    );
  });

  it.each([
    ['a text list', { product_ids: 'x' }, 'product_ids'],
    ['no list', {}, 'product_ids'],
    ['an object id', { product_ids: [{}] }, 'product_ids.0'],
    ['1001 ids', { product_ids: Array.from({ length: 1001 }, () => 1) }, 'product_ids'],
  ])('refuses %s', async (_, body, field) => {
    expectValidation(await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/pin`, body), field);
  });
});

describe('POST /collections/{collection}/products/pin and /reorder, sent at once', () => {
  // Writes to one collection's products queue on its row; on PostgreSQL the requests really overlap.
  it('pin and place products of a smart collection once, however many identical calls run together', async () => {
    const name = slug('racing');
    const made = await bulk({
      collections: [{ name: 'Racing', slug: name, mode: 'smart', rules: { match: 'all', rules: [{ kind: 'price_range', max: 1 }] } }],
    });
    expect(made.status, made.raw).toBe(200);
    for (const action of ['pin', 'reorder']) {
      const ids = action === 'pin' ? [products[0]!.id, products[1]!.id] : [products[2]!.id, products[3]!.id];
      const calls = await Promise.all(
        Array.from({ length: 20 }, () => send(t.app, shop.privateKey, 'POST', `/collections/${name}/products/${action}`, { product_ids: ids })),
      );
      expect(calls.map((c) => c.status)).toEqual(Array.from({ length: 20 }, () => 200));
    }
    const collection = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: shop.store.id, slug: name } });
    const rows = await t.database.prisma.collectionProduct.findMany({ where: { collectionId: collection.id } });
    expect(rows.map((r) => r.productId).sort()).toEqual(products.map((p) => p.id).sort());
  });
});

describe('POST /collections/{collection}/products/reorder', () => {
  it('puts the given products first among the unpinned, the rest keep their order after', async () => {
    await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/pin`, { product_ids: [] });
    const res = await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/reorder`, {
      product_ids: [products[3]!.id, products[1]!.pId],
    });
    expect(res.status, res.raw).toBe(200);
    const expected = [products[3]!, products[1]!, products[0]!, products[2]!].map((p) => p.id);
    expect(res.body.data.product_ids).toEqual(expected);
    expect(await orderOf(slug('pins'))).toEqual(expected);
  });

  it('refuses a product outside a manual collection, and another store’s collection is a 404', async () => {
    const outsider = await createProduct(t.database, shop.store, { title: 'Outsider' });
    expectValidation(
      await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/reorder`, { product_ids: [outsider.id] }),
      'product_ids.0',
    );
    expectFailure(await send(t.app, other.privateKey, 'POST', `/collections/${slug('pins')}/products/reorder`, { product_ids: [] }), 404, 'not_found');
  });

  it("refuses another store's product naming it, and writes nothing", async () => {
    const rows = () => t.database.prisma.collectionProduct.findMany({ where: { storeId: shop.store.id }, orderBy: { id: 'asc' } });
    const before = await rows();
    const events = (await outboxOf(t.database, shop.store)).length;
    const res = await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/reorder`, {
      product_ids: [products[2]!.id, foreign.id, products[0]!.id, foreign.pId],
    });
    expectValidation(res, 'product_ids.1');
    // Issue 17: each refusal names the product, by the reference sent and its index in the list.
    const notOurs = (ref: string | number, index: number) => [
      `names product "${ref}" (index ${index}), which is no product of this store: send the uuid or integer id of one of its products`,
    ];
    expect(res.body.errors).toEqual({ 'product_ids.1': notOurs(foreign.id, 1), 'product_ids.3': notOurs(foreign.pId, 3) });
    const junk = await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/reorder`, { product_ids: ['x'.repeat(500)] });
    expect(junk.body.errors).toEqual({ 'product_ids.0': notOurs(`${'x'.repeat(40)}…`, 0) });
    expect(await rows()).toEqual(before);
    expect((await outboxOf(t.database, shop.store)).length).toBe(events);
    expect(await orderOf(slug('pins'))).toEqual([products[3]!, products[1]!, products[0]!, products[2]!].map((p) => p.id));
  });

  it.each([
    ['a text list', { product_ids: 'x' }, 'product_ids'],
    ['no list', {}, 'product_ids'],
    ['a null list', { product_ids: null }, 'product_ids'],
    ['an object id', { product_ids: [{}] }, 'product_ids.0'],
    ['a boolean id', { product_ids: [true] }, 'product_ids.0'],
    ['an unknown field', { product_ids: [], position: 1 }, 'position'],
    ['1001 ids', { product_ids: Array.from({ length: 1001 }, () => 1) }, 'product_ids'],
  ])('refuses %s with a 422 naming it, and writes nothing', async (_, body, field) => {
    const before = await t.database.prisma.collectionProduct.findMany({ where: { storeId: shop.store.id }, orderBy: { id: 'asc' } });
    expectValidation(await send(t.app, shop.privateKey, 'POST', `/collections/${slug('pins')}/products/reorder`, body), field);
    expect(await t.database.prisma.collectionProduct.findMany({ where: { storeId: shop.store.id }, orderBy: { id: 'asc' } })).toEqual(before);
  });

  it('answers malformed JSON and a body that is a list with 4xx envelopes', async () => {
    const raw = (payload: string) =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/collections/${slug('pins')}/products/reorder`,
        key: shop.privateKey,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expectFailure(await raw('{"product_ids": ['), 400, 'bad_request');
    expectValidation(await raw('[]'), 'request');
  });
});
