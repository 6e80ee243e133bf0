import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer, type SignedInCustomer } from '../support/customers.js';
import { freshPhone } from '../support/merchant-orders.js';
import { moveStatus } from '../support/merchant-order-writes.js';
import { chicago, checkoutCart } from '../support/orders.js';
import { listenOnFreePort } from '../support/raw-http.js';
import { openSse, type SseStream } from '../support/sse.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ORDER_UPDATED = 'subscription ($id: String!) { orderUpdated(id: $id) { uuid status } }';
const ORDER_EVENTS = 'subscription { orderEvents { topic order { uid status } } }';
const root = fileURLToPath(new URL('../../', import.meta.url));

// A process that does not serve (the CLI, the worker) writes to the servers' database beside them:
// on PostgreSQL its committed order events reach their live subscribers, through Redis when
// REDIS_URL is set and through PostgreSQL's notifications when it is not. (The embedded engine
// opens in one process at a time: no command runs beside a server there.)
const postgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let port: number;
let shop: TestStore;
let other: TestStore;
let tea: Product;
let ada: SignedInCustomer;
const open: SseStream[] = [];

async function subscribe(query: string, key: string, headers: Record<string, string> = {}, variables: Record<string, unknown> = {}) {
  const stream = await openSse(port, '/graphql', { headers: { 'x-client-key': key, ...headers }, body: { query, variables } });
  open.push(stream);
  return stream;
}

/** Runs test/support/operator-move-child.ts: a rolled-back order event, then the move, in a process of its own. */
function operatorMove(store: TestStore, order: string, status: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, LIVE_STORE_ID: store.store.id, LIVE_ORDER: order, LIVE_STATUS: status };
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/operator-move-child.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`the operator process exited ${code}: ${err}`))));
  });
}

describe.runIf(postgres)(`live order events from a process that does not serve (${process.env.REDIS_URL ? 'Redis' : 'PostgreSQL notifications'})`, () => {
  beforeAll(async () => {
    t = await startTestApp(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {});
    port = await listenOnFreePort(t.app);
    shop = await makeStore(t.database, { name: 'Operator Shop' });
    other = await makeStore(t.database, { name: 'Elsewhere Shop' });
    tea = await createProduct(t.database, shop.store, { title: 'Sencha', price: '11.00', stock: 50 });
    ada = await signInCustomer(t.database, shop.store, { phone: freshPhone('316') });
  });
  afterAll(async () => {
    for (const stream of open) stream.close();
    await t?.close();
  });

  it('a move the operator commits reaches the shopper and the merchant once, a rolled-back write nothing, another store nothing', async () => {
    const placed = await checkoutCart(t.app, shop, ada.auth, [{ item_id: tea.id, quantity: 1 }], { address: chicago });
    const shopper = await subscribe(ORDER_UPDATED, shop.publicKey, ada.auth, { id: placed.id });
    expect((await shopper.next()).data.data.orderUpdated).toEqual({ uuid: placed.id, status: 'PLACED' });
    const merchant = await subscribe(ORDER_EVENTS, shop.privateKey);
    const elsewhere = await subscribe(ORDER_EVENTS, other.privateKey);

    expect(await operatorMove(shop, placed.id, 'processing')).toBe('moved\n');
    // The rolled-back event would have come first, with the order as it stands (PROCESSING or PLACED).
    expect((await shopper.next()).data.data.orderUpdated).toEqual({ uuid: placed.id, status: 'PROCESSING' });
    expect((await merchant.next()).data.data.orderEvents).toEqual({ topic: 'orders/updated', order: { uid: placed.id, status: 'PROCESSING' } });

    // Heard once: the next event each stream hears is the server's own next move, not the operator's again.
    expect((await moveStatus(t, shop.privateKey, placed.id, { status: 'ready' })).status).toBe(200);
    expect((await shopper.next()).data.data.orderUpdated).toEqual({ uuid: placed.id, status: 'READY' });
    expect((await merchant.next()).data.data.orderEvents).toEqual({ topic: 'orders/updated', order: { uid: placed.id, status: 'READY' } });

    // Another store's stream heard neither: its first event is its own store's order.
    const bob = await signInCustomer(t.database, other.store, { phone: freshPhone('317') });
    const theirs = await createProduct(t.database, other.store, { title: 'Rooibos', price: '8.00', stock: 5 });
    const theirOrder = await checkoutCart(t.app, other, bob.auth, [{ item_id: theirs.id, quantity: 1 }], { address: chicago });
    expect((await elsewhere.next()).data.data.orderEvents).toEqual({ topic: 'orders/create', order: { uid: theirOrder.id, status: 'PLACED' } });
  });
});
