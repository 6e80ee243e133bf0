import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Product, Variant } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import { createProduct } from './catalog.js';
import { call } from './http.js';
import { makeStore, type TestStore } from './stores.js';

type Headers = Record<string, string>;

/** A signed-out shopper's headers, a cart session of its own. */
export const session = (): Headers => ({ 'x-cart-session': randomUUID() });

/** A storefront write with the shopper's headers, a JSON body when there is one. */
export const sendJson = (app: FastifyInstance, method: 'POST' | 'DELETE', url: string, body: unknown, headers: Headers, key: string) =>
  call(app, {
    method,
    url,
    key,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A cart line as a shopper's app sends it: the price and title are the app's, the server prices from the catalogue. */
export const line = (product: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
  item_id: product.id,
  title: product.title,
  price: 1,
  quantity,
  ...extra,
});

export const lineSummary = (cart: { cart_items: { item_id: string; variant_id?: string; quantity: number; price: number; discount_price: number }[] }) =>
  cart.cart_items.map((i) => ({ item_id: i.item_id, variant_id: i.variant_id, quantity: i.quantity, price: i.price, discount_price: i.discount_price }));

export interface CartShop {
  shop: TestStore;
  other: TestStore;
  tea: Product;
  mug: Product;
  draft: Product;
  soldOut: Product;
  shirt: Product;
  small: Variant;
  foreign: Product;
}

/** A shop with products in every state a cart line meets, and another store with a product of its own. */
export async function seedCartShop(database: Database): Promise<CartShop> {
  const shop = await makeStore(database, { name: 'Cart Shop' });
  const other = await makeStore(database);
  const tea = await createProduct(database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
  const mug = await createProduct(database, shop.store, { title: 'Mug', price: '8.00', stock: 50 });
  const draft = await createProduct(database, shop.store, { title: 'Draft', published: false });
  const soldOut = await createProduct(database, shop.store, { title: 'Gone', stock: 0 });
  const shirt = await createProduct(database, shop.store, {
    title: 'Shirt',
    options: { Size: ['S', 'M'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '20.00', stock: 4 },
      { title: 'M', optionValues: { Size: 'M' }, price: '22.00', stock: 0 },
    ],
  });
  const small = (await database.prisma.variant.findMany({ where: { productId: shirt.id }, orderBy: { position: 'asc' } }))[0]!;
  const foreign = await createProduct(database, other.store, { title: 'Elsewhere' });
  return { shop, other, tea, mug, draft, soldOut, shirt, small, foreign };
}
