import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Debian's chromium package; playwright-core drives it and never downloads a browser of its own.
// .ci/run installs it; a machine without it skips this file rather than fail the suite.
const chromiumPath = '/usr/bin/chromium';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!existsSync(chromiumPath))(`a purchase in headless Chromium (skipped: no ${chromiumPath}; apt-get install chromium)`, () => {
  let t: TestApp;
  let base: string;
  let shop: TestStore;
  let tea: Product;
  let browser: Browser;
  let context: BrowserContext;
  const cspViolations: string[] = [];

  beforeAll(async () => {
    // The links Bazaar hands out (checkout_url, the pay link) are built on PUBLIC_URL, so the
    // server listens on the port that address names.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startTestApp({ PUBLIC_URL: base });
    await t.app.listen({ port, host: '127.0.0.1' });
    shop = await makeStore(t.database, { name: 'Browser Tea Shop' });
    await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00' } });
    tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 10 });
    browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    // No JavaScript at all: the pages must work as plain HTML forms.
    context = await browser.newContext({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('fills a cart by the API, checks out on the hosted page, pays on the test pay page, and the order is paid', async () => {
    const session = randomUUID();
    const cartRes = await fetch(`${base}/v1/store/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-client-key': shop.privateKey, 'x-cart-session': session },
      body: JSON.stringify({ vendor_id: shop.store.id, cart_items: [{ item_id: tea.id, quantity: 2 }] }),
    });
    expect(cartRes.status).toBe(200);
    const { checkout_url: checkoutUrl, id: cartId } = ((await cartRes.json()) as { data: { checkout_url: string; id: string } }).data;
    expect(checkoutUrl).toBe(`${base}/checkout/${cartId}`);

    const page = await context.newPage();
    // A CSP violation (the stylesheet's hash, a form target) shows up only as a console error.
    page.on('console', (message) => message.text().includes('Content Security Policy') && cspViolations.push(message.text()));
    await page.goto(checkoutUrl);
    await expect(page.locator('h1').textContent()).resolves.toBe('Browser Tea Shop');
    await expect(page.getByTestId('subtotal').textContent()).resolves.toBe('25.00 USD');
    await expect(page.getByTestId('delivery-fee').textContent()).resolves.toContain('4.00 USD');

    // First without an email or phone: the page answers with the error and keeps what was typed.
    await page.getByLabel('Address').fill('1 N State St, Chicago');
    await page.getByLabel('Latitude').fill('41.8781');
    await page.getByLabel('Longitude').fill('-87.6298');
    await page.getByLabel('Name').fill('Grace Guest');
    await page.getByLabel('Pay online now').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('needs an email or a phone number');
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Grace Guest');
    await expect(page.getByLabel('Pay online now').isChecked()).resolves.toBe(true);

    await page.getByLabel('Email').fill('grace@guest.test');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(`${checkoutUrl}/done`);
    const heading = await page.getByTestId('order-number').textContent();
    expect(heading).toMatch(/^Thank you! Order #\d+$/);
    await expect(page.getByTestId('order-total').textContent()).resolves.toBe('29.00 USD');

    await page.getByTestId('pay-link').click();
    await page.waitForURL(new RegExp(`^${base}/pay/test/`));
    await page.getByRole('button', { name: 'Pay 29.00 USD' }).click();
    await expect(page.getByTestId('payment-state').textContent()).resolves.toContain('This order is paid. Thank you!');

    const order = await t.database.prisma.order.findUniqueOrThrow({ where: { cartId } });
    expect(order).toMatchObject({ status: 'processing', paymentStatus: 'paid', paymentMethod: 'online', number: Number(heading!.split('#')[1]) });
    expect(order.total.toFixed(2)).toBe('29.00');
    expect((await t.database.prisma.product.findUniqueOrThrow({ where: { id: tea.id } })).stock).toBe(8);
    expect(cspViolations).toEqual([]);
  });
});
