import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { openCart, pathOf, placeGuestOrder } from '../support/hosted.js';
import { get } from '../support/http.js';
import { moveStatus } from '../support/merchant-order-writes.js';
import { listenOnFreePort } from '../support/raw-http.js';
import { openSse } from '../support/sse.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Debian's chromium package, as in checkout-browser.test.ts: a machine without it skips the browser case.
const chromiumPath = '/usr/bin/chromium';

let t: TestApp;
let port: number;
let shop: TestStore;
let tea: Product;

beforeAll(async () => {
  t = await startTestApp();
  port = await listenOnFreePort(t.app);
  shop = await makeStore(t.database, { name: 'Live Tea Shop' });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 10 });
});
afterAll(() => t.close());

async function guestOrder() {
  const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
  const order = await placeGuestOrder(t.app, shop, cart, 'cash');
  return { cart, order, donePath: `${pathOf(cart.checkoutUrl)}/done` };
}

describe('GET /checkout/{cart}/done: the order page shows the status and listens for changes', () => {
  it('shows the status line and allows its one script and a connection back to Bazaar only', async () => {
    const { donePath } = await guestOrder();
    const res = await get(t.app, donePath);
    expect(res.status).toBe(200);
    expect(res.raw).toContain('<p role="status" aria-live="polite" data-testid="order-status">Status: Order placed</p>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("connect-src 'self'");
  });
});

describe('GET /checkout/{cart}/done/events: the order status as Server-Sent Events', () => {
  it('sends the status as it stands, then each committed change', async () => {
    const { order, donePath } = await guestOrder();
    const stream = await openSse(port, `${donePath}/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(await stream.next()).toEqual({ event: 'message', data: { status: 'placed', text: 'Status: Order placed' } });
    expect((await moveStatus(t, shop.privateKey, order.id, { status: 'processing' })).status).toBe(200);
    expect(await stream.next()).toEqual({ event: 'message', data: { status: 'processing', text: 'Status: Processing' } });
    stream.close();
  });

  it('answers 404 for a cart that became no order, and for an address that is no cart', async () => {
    const open = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    expect((await get(t.app, `${pathOf(open.checkoutUrl)}/done/events`)).status).toBe(404);
    expect((await get(t.app, '/checkout/not-a-cart/done/events')).status).toBe(404);
  });
});

describe.skipIf(!existsSync(chromiumPath))(`the order page in headless Chromium (skipped: no ${chromiumPath}; apt-get install chromium)`, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('changes the status text when the merchant moves the order, without a reload', async () => {
    const { order, donePath } = await guestOrder();
    const page = await browser.newPage();
    const cspViolations: string[] = [];
    page.on('console', (message) => message.text().includes('Content Security Policy') && cspViolations.push(message.text()));
    let loads = 0;
    page.on('load', () => (loads += 1));
    // Waiting for the stream's first answer means the page is listening before the move.
    const listening = page.waitForResponse((response) => response.url().endsWith('/done/events'));
    await page.goto(`http://127.0.0.1:${port}${donePath}`);
    await listening;
    await expect(page.getByTestId('order-status').textContent()).resolves.toBe('Status: Order placed');

    expect((await moveStatus(t, shop.privateKey, order.id, { status: 'processing' })).status).toBe(200);
    await page.getByTestId('order-status').filter({ hasText: 'Status: Processing' }).waitFor();
    expect((await moveStatus(t, shop.privateKey, order.id, { status: 'ready' })).status).toBe(200);
    await page.getByTestId('order-status').filter({ hasText: 'Status: Ready' }).waitFor();
    expect(loads).toBe(1);
    expect(cspViolations).toEqual([]);
    await page.close();
  });
});
