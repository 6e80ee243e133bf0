import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { buildSchema, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bazaarClient, GraphQLError } from '../../clients/graphql/src/client.js';
import { ProductPageDocument } from '../../clients/graphql/src/generated/graphql.js';
import { addToCart, browse, checkout, merchantOrders, myCart, myOrders, register, signIn } from '../../clients/graphql/src/journeys.js';
import { createProduct } from '../support/catalog.js';
import { get } from '../support/http.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The typed client of clients/graphql runs its journeys against a real app, so the example
// operations keep working as the schema moves (codegen only proves they are valid).

let t: TestApp;
let shop: TestStore;

/** fetch over the in-process app: the client's requests go through app.inject. */
const injectFetch = (app: FastifyInstance) =>
  (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const res = await app.inject({
      method: init?.method as 'POST',
      url: url.pathname + url.search,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(res.body, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type']) } });
  }) as typeof fetch;

const clientFor = (clientKey: string, cartSession?: string) => bazaarClient({ url: 'http://bazaar.test', clientKey, cartSession, fetch: injectFetch(t.app) });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Typed Shop' });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { pickupEnabled: true } });
  await createProduct(t.database, shop.store, { title: 'Gone Lamp', slug: 'gone-lamp', price: '30.00', stock: 0 });
  await createProduct(t.database, shop.store, {
    title: 'Linen Shirt',
    slug: 'linen-shirt',
    options: { Size: ['S', 'M'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '40.00', stock: 0 },
      { title: 'M', optionValues: { Size: 'M' }, price: '42.00', stock: 3 },
    ],
  });
});
afterAll(() => t.close());

describe('clients/graphql journeys', () => {
  it('browse, cart by slug, register, sign in, checkout, my orders and the merchant’s orders', async () => {
    const shopper = clientFor(shop.publicKey, randomUUID());
    const { shop: info, products, product } = await browse(shopper);
    expect(info).toEqual({ name: 'Typed Shop', currencyCode: 'USD', isOpen: true, openTime: null, closeTime: null });
    expect(products.map((p) => p.slug)).toEqual(['linen-shirt']);
    expect(product).toMatchObject({ slug: 'linen-shirt', price: { amount: '40.00', currencyCode: 'USD' }, options: [{ name: 'Size', values: ['S', 'M'] }] });

    const cart = await addToCart(shopper, product.slug, 2);
    expect(cart.lines).toEqual([
      {
        productId: product.uuid,
        variantId: product.variants[1]!.uuid,
        title: 'Linen Shirt',
        variantTitle: 'M',
        quantity: 2,
        discountPrice: { amount: '42.00' },
      },
    ]);
    expect(cart.subtotal).toEqual({ amount: '84.00', currencyCode: 'USD' });

    const email = `typed-${randomUUID().slice(0, 8)}@example.com`;
    const registered = await register(shopper, { firstName: 'Ada', lastName: 'Lovelace', email, password: 'correct horse battery staple' });
    expect(registered).toMatchObject({ isNewUser: true, account: { name: 'Ada Lovelace', email } });
    const session = await signIn(shopper, email, 'correct horse battery staple');
    const customer = shopper.as({ accessToken: session.accessToken });
    // Registering with X-Cart-Session took the signed-out cart along to the account's cart.
    expect((await myCart(customer))?.lines).toEqual(cart.lines);

    const { order, created } = await checkout(customer, { deliveryMethod: 'PICKUP', paymentMethod: 'CASH', couponCode: null });
    expect(created).toBe(true);
    expect(order).toMatchObject({ status: 'PLACED', total: { amount: '84.00', currencyCode: 'USD' }, lines: [{ title: 'Linen Shirt', quantity: 2 }] });
    expect((await myOrders(customer)).map((o) => o.orderNumber)).toEqual([order.orderNumber]);

    // orderNumber is the REST faces' order_no and order_number.
    const rest = await get(t.app, `/v1/store/orders/${order.uuid}`, shop.publicKey, { authorization: `Bearer ${session.accessToken}` });
    expect(rest.body.data.order_no).toBe(order.orderNumber);
    const merchant = clientFor(shop.privateKey);
    const [listed] = await merchantOrders(merchant);
    expect(listed).toMatchObject({ uid: order.uuid, orderNumber: order.orderNumber, status: 'PLACED', customer: { name: 'Ada Lovelace' } });
    const merchantRest = await get(t.app, `/api/v1/merchant/orders/${listed!.pId}`, shop.privateKey);
    expect(merchantRest.body.data.order_number).toBe(order.orderNumber);
    expect(await merchantOrders(merchant, new Date(Date.parse(listed!.updatedAt) + 1))).toEqual([]);
  });

  it('throws the answer’s error codes on a refused request', async () => {
    const refused = clientFor('pk_live_unknown').request(ProductPageDocument, { slug: 'linen-shirt' });
    await expect(refused).rejects.toBeInstanceOf(GraphQLError);
    await expect(refused).rejects.toMatchObject({ status: 401, errors: [{ extensions: { code: 'invalid_client_key' } }] });
  });
});

describe('README copy-paste operations', () => {
  const root = new URL('../../', import.meta.url);
  const schema = buildSchema(readFileSync(new URL('schema.graphql', root), 'utf8'));
  const readme = readFileSync(new URL('README.md', root), 'utf8');
  const section = readme.slice(readme.indexOf('## GraphQL: a typed client'), readme.indexOf('## Operator CLI'));
  const block = section.slice(section.indexOf('```graphql') + '```graphql'.length, section.indexOf('```', section.indexOf('```graphql') + 3));
  const operations = block.split('\n').filter((line) => /^(query|mutation) /.test(line));

  it('shows the five journeys', () => {
    expect(operations.map((op) => op.split(/[ ({]/)[1])).toEqual(['BrowseProducts', 'ProductPage', 'AddToCart', 'SignIn', 'Checkout', 'MerchantOrders']);
  });

  it.each(operations.map((op) => [op.split(/[ ({]/)[1], op]))('%s is valid against schema.graphql', (_name, op) => {
    expect(validate(schema, parse(op!)).map((e) => e.message)).toEqual([]);
  });
});
