import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { freshPhone } from '../support/merchant-orders.js';
import { moveStatus } from '../support/merchant-order-writes.js';
import { chicago, checkoutCart, type OrderWire } from '../support/orders.js';
import { listenOnFreePort } from '../support/raw-http.js';
import { openSse, type SseStream } from '../support/sse.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, startTwoApps, type TestApp, type TwoApps } from '../support/test-app.js';

const ORDER_UPDATED = 'subscription ($id: String!) { orderUpdated(id: $id) { uuid status statusLabel } }';
const ORDER_EVENTS = 'subscription { orderEvents { topic occurredAt order { uid status } } }';

let t: TestApp;
let port: number;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let otherTea: Product;
let ada: SignedInCustomer;
let bob: SignedInCustomer;
const open: SseStream[] = [];

/** A subscription over real HTTP, as a browser or server client sends it: POST with Accept: text/event-stream. */
async function subscribe(query: string, key: string, headers: Record<string, string> = {}, variables: Record<string, unknown> = {}, at = port) {
  const stream = await openSse(at, '/graphql', { headers: { 'x-client-key': key, ...headers }, body: { query, variables } });
  open.push(stream);
  return stream;
}

const orderOf = (store: TestStore, who: SignedInCustomer, product: Product) =>
  checkoutCart(t.app, store, who.auth, [{ item_id: product.id, quantity: 1 }], { address: chicago });

beforeAll(async () => {
  t = await startTestApp();
  port = await listenOnFreePort(t.app);
  shop = await makeStore(t.database, { name: 'Live Shop' });
  other = await makeStore(t.database, { name: 'Other Shop' });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '10.00', stock: 100 });
  otherTea = await createProduct(t.database, other.store, { title: 'Black Tea', price: '9.00', stock: 100 });
  ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('312') });
  bob = await signInCustomer(t.database, shop.store, { phone: freshPhone('313') });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

describe('subscription orderUpdated: the shopper follows their own order', () => {
  it('sends the order as it stands, then the merchant’s move once committed', async () => {
    const placed = await orderOf(shop, ada, tea);
    const stream = await subscribe(ORDER_UPDATED, shop.publicKey, ada.auth, { id: placed.id });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(await stream.next()).toEqual({
      event: 'next',
      data: { data: { orderUpdated: { uuid: placed.id, status: 'PLACED', statusLabel: 'Order placed' } } },
    });

    expect((await moveStatus(t, shop.privateKey, placed.id, { status: 'processing' })).status).toBe(200);
    expect(await stream.next()).toEqual({
      event: 'next',
      data: { data: { orderUpdated: { uuid: placed.id, status: 'PROCESSING', statusLabel: 'Processing' } } },
    });
  });

  it('hears nothing of a refused move: the next event is the move after it', async () => {
    const placed = await orderOf(shop, ada, tea);
    const stream = await subscribe(ORDER_UPDATED, shop.publicKey, ada.auth, { id: placed.id });
    expect((await stream.next()).data.data.orderUpdated.status).toBe('PLACED');
    expect((await moveStatus(t, shop.privateKey, placed.id, { status: 'delivered' })).status).toBe(409);
    expect((await moveStatus(t, shop.privateKey, placed.id, { status: 'cancelled' })).status).toBe(200);
    expect((await stream.next()).data.data.orderUpdated.status).toBe('CANCELLED');
  });

  it('refuses another shopper’s order as not_found, and a call without a customer token', async () => {
    const placed: OrderWire = await orderOf(shop, ada, tea);
    const stream = await subscribe(ORDER_UPDATED, shop.publicKey, bob.auth, { id: placed.id });
    const refused = await stream.next();
    expect(refused.data).toMatchObject({ errors: [{ message: 'Order not found.', extensions: { code: 'not_found' } }] });

    const anonymous = await subscribe(ORDER_UPDATED, shop.publicKey, {}, { id: placed.id });
    expect((await anonymous.next()).data).toMatchObject({ errors: [{ extensions: { code: 'customer_token_required' } }] });
  });
});

describe('subscription orderEvents: the merchant’s stream of the store’s order events', () => {
  it('receives each committed event with the order, and never another store’s', async () => {
    const stream = await subscribe(ORDER_EVENTS, shop.privateKey);
    expect(stream.status).toBe(200);
    const elsewhere = await orderOf(other, await signInCustomer(t.database, other.store, { phone: freshPhone('315') }), otherTea);
    expect((await moveStatus(t, other.privateKey, elsewhere.id, { status: 'processing' })).status).toBe(200);
    const placed = await orderOf(shop, ada, tea);
    expect((await moveStatus(t, shop.privateKey, placed.id, { status: 'processing' })).status).toBe(200);

    // Each event carries the order as it stands when it is sent, which for the first may be before or after the move.
    const created = await stream.next();
    expect(created).toMatchObject({ event: 'next', data: { data: { orderEvents: { topic: 'orders/create', order: { uid: placed.id } } } } });
    expect(new Date(created.data.data.orderEvents.occurredAt).getTime()).not.toBeNaN();
    expect(await stream.next()).toMatchObject({
      data: { data: { orderEvents: { topic: 'orders/updated', order: { uid: placed.id, status: 'PROCESSING' } } } },
    });
  });

  it('needs merchant-orders-read: insufficient_scope without it, private_key_required for a public key', async () => {
    const narrow = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-read'] });
    const stream = await subscribe(ORDER_EVENTS, narrow);
    expect((await stream.next()).data).toMatchObject({ errors: [{ extensions: { code: 'insufficient_scope' } }] });
    const shopper = await subscribe(ORDER_EVENTS, shop.publicKey);
    expect((await shopper.next()).data).toMatchObject({ errors: [{ extensions: { code: 'private_key_required' } }] });
  });
});

// Two processes share events through Redis, or without it through PostgreSQL's notifications; on
// the embedded engine the two apps are one process by nature.
describe('subscriptions across server processes', () => {
  let two: TwoApps;
  beforeAll(async () => {
    two = await startTwoApps(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await two.close();
  });

  it('a move made through instance A reaches subscribers on B and on A itself, each event once', async () => {
    const portA = await listenOnFreePort(two.a.app);
    const portB = await listenOnFreePort(two.b.app);
    const store = await makeStore(two.a.database);
    const product = await createProduct(two.a.database, store.store, { title: 'Oolong', price: '12.00', stock: 10 });
    const shopper = await signInCustomer(two.a.database, store.store, { phone: freshPhone('314') });
    const placed = await checkoutCart(two.a.app, store, shopper.auth, [{ item_id: product.id, quantity: 1 }], { address: chicago });

    const onB = await subscribe(ORDER_UPDATED, store.publicKey, shopper.auth, { id: placed.id }, portB);
    const merchantOnB = await subscribe(ORDER_EVENTS, store.privateKey, {}, {}, portB);
    const onA = await subscribe(ORDER_UPDATED, store.publicKey, shopper.auth, { id: placed.id }, portA);
    expect((await onB.next()).data.data.orderUpdated.status).toBe('PLACED');
    expect((await onA.next()).data.data.orderUpdated.status).toBe('PLACED');
    expect((await moveStatus(two.a, store.privateKey, placed.id, { status: 'processing' })).status).toBe(200);
    expect((await onB.next()).data.data.orderUpdated.status).toBe('PROCESSING');
    expect((await onA.next()).data.data.orderUpdated.status).toBe('PROCESSING');
    expect(await merchantOnB.next()).toMatchObject({ data: { data: { orderEvents: { topic: 'orders/updated', order: { uid: placed.id } } } } });

    // Once: after the next move (through B this time), the next event each stream hears is that move.
    expect((await moveStatus(two.b, store.privateKey, placed.id, { status: 'ready' })).status).toBe(200);
    expect((await onB.next()).data.data.orderUpdated.status).toBe('READY');
    expect((await onA.next()).data.data.orderUpdated.status).toBe('READY');
    expect(await merchantOnB.next()).toMatchObject({ data: { data: { orderEvents: { topic: 'orders/updated', order: { uid: placed.id, status: 'READY' } } } } });
  });
});
