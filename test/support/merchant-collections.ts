import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from './catalog.js';
import { call, get } from './http.js';
import { makeStore, type TestStore } from './stores.js';
import type { TestApp } from './test-app.js';
import { MERCHANT } from './writes.js';

/** A store with four lamps to gather into collections, and another store with one lamp and one collection of its own. */
export interface CollectionShop {
  shop: TestStore;
  other: TestStore;
  products: Product[];
  foreign: Product;
  /** `POST /collections/bulk` with the shop's private key unless another is named. */
  bulk(body: unknown, key?: string, headers?: Record<string, string>): ReturnType<typeof call>;
  /** The collection's products as the storefront lists them by default, by id. */
  orderOf(collection: string): Promise<string[]>;
}

export async function makeCollectionShop(t: TestApp): Promise<CollectionShop> {
  const shop = await makeStore(t.database);
  const other = await makeStore(t.database);
  const products: Product[] = [];
  for (let i = 0; i < 4; i += 1) products.push(await createProduct(t.database, shop.store, { title: `Lamp ${i}`, price: `${10 + i}.00` }));
  const foreign = await createProduct(t.database, other.store, { title: 'Foreign lamp' });
  await t.database.prisma.collection.create({ data: { storeId: other.store.id, name: 'Theirs', slug: `theirs-${randomUUID().slice(0, 8)}` } });
  return {
    shop,
    other,
    products,
    foreign,
    bulk: (body, key = shop.privateKey, headers = {}) =>
      call(t.app, {
        method: 'POST',
        url: `${MERCHANT}/collections/bulk`,
        key,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      }),
    async orderOf(collection) {
      const res = await get(t.app, `/v1/store/collections/${collection}/products?per_page=50`, shop.publicKey);
      expect(res.status, res.raw).toBe(200);
      return res.body.data.map((p: { id: string }) => p.id);
    },
  };
}
