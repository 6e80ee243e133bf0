import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspHashOf } from '../../src/http/security-headers.js';
import type { Product } from '../../src/generated/prisma/client.js';
import { createProduct } from '../support/catalog.js';
import { signInCustomer } from '../support/customers.js';
import { get } from '../support/http.js';
import { openCart, pathOf, postForm } from '../support/hosted.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { illinoisZone } from '../support/shipping.js';

let t: TestApp;
let shop: TestStore;
let tea: Product;

const chicago = { address: '1 N State St, Chicago', lat: '41.8781', lng: '-87.6298' };
const guestForm = { delivery_method: 'delivery', ...chicago, name: 'Grace Guest', email: 'grace@guest.test', payment_method: 'cash', intent: 'place' };
const ordersOfCart = (cartId: string) => t.database.prisma.order.findMany({ where: { cartId } });

beforeAll(async () => {
  t = await startTestApp();
  shop = await makeStore(t.database, { name: 'Hosted Tea Shop' });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { deliveryFee: '4.00', currency: 'EUR' } });
  tea = await createProduct(t.database, shop.store, { title: 'Green Tea', price: '12.50', stock: 50 });
});
afterAll(() => t.close());

describe('GET /checkout/{cart}', () => {
  it('renders the cart with the store’s name and currency, the flat delivery fee and the form, under a strict CSP', async () => {
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 2 }]);
    expect(cart.checkoutUrl).toBe(`http://bazaar.test/checkout/${cart.id}`);
    const res = await get(t.app, pathOf(cart.checkoutUrl));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain("form-action 'self'");
    // The one stylesheet is allowed by the hash of its exact text, whitespace included.
    const stylesheet = /<style>([\s\S]*?)<\/style>/.exec(res.raw)![1]!;
    expect(res.headers['content-security-policy']).toContain(`style-src ${cspHashOf(stylesheet)}`);
    expect(res.raw).toContain('<h1>Hosted Tea Shop</h1>');
    expect(res.raw).toContain('Green Tea × 2');
    expect(res.raw).toContain('25.00 EUR');
    expect(res.raw).toContain('Delivery fee: 4.00 EUR');
    for (const field of ['address', 'lat', 'lng', 'name', 'email', 'phone', 'coupon_code', 'payment_method']) expect(res.raw).toContain(`name="${field}"`);
    expect(res.raw).toContain('<textarea name="note"');
    expect(res.raw).toContain('value="online"');
    expect(res.raw).toContain('>Place order</button>');
    expect(res.raw).not.toContain('<script');
  });

  it('answers a 404 page for an unknown, malformed or expired cart', async () => {
    for (const path of [`/checkout/${randomUUID()}`, '/checkout/not-a-uuid', `/checkout/${randomUUID()}/done`]) {
      const res = await get(t.app, path);
      expect(res.status, path).toBe(404);
      expect(res.raw).toContain('This checkout is not available.');
    }
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    await t.database.prisma.cart.update({ where: { id: cart.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await get(t.app, pathOf(cart.checkoutUrl))).status).toBe(404);
    expect((await postForm(t.app, pathOf(cart.checkoutUrl), guestForm)).status).toBe(404);
  });

  it('offers pickup only where the store offers it', async () => {
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    expect((await get(t.app, pathOf(cart.checkoutUrl))).raw).not.toContain('value="pickup"');
    const posted = await postForm(t.app, pathOf(cart.checkoutUrl), { ...guestForm, delivery_method: 'pickup' });
    expect(posted.status).toBe(422);
    expect(posted.raw).toContain('Hosted Tea Shop does not offer pickup; choose delivery.');

    const mill = await makeStore(t.database, { name: 'Mill' });
    await t.database.prisma.store.update({ where: { id: mill.store.id }, data: { pickupEnabled: true, address: '9 Mill Lane' } });
    const flour = await createProduct(t.database, mill.store, { title: 'Flour', price: '3.00', stock: 5 });
    const theirs = await openCart(t.app, mill, [{ item_id: flour.id, quantity: 1 }]);
    expect((await get(t.app, pathOf(theirs.checkoutUrl))).raw).toContain('Pickup at 9 Mill Lane (free)');
  });

  it('escapes what the catalogue says: a product titled <script> is text', async () => {
    const store = await makeStore(t.database, { name: 'Tom & "Jerry" <b>' });
    const evil = await createProduct(t.database, store.store, { title: '<script>alert(1)</script>', price: '1.00', stock: 5 });
    const cart = await openCart(t.app, store, [{ item_id: evil.id, quantity: 1 }]);
    const res = await get(t.app, pathOf(cart.checkoutUrl));
    expect(res.raw).not.toContain('<script>alert(1)</script>');
    expect(res.raw).toContain('&lt;script&gt;alert(1)&lt;/script&gt; × 1');
    expect(res.raw).toContain('<h1>Tom &amp; &quot;Jerry&quot; &lt;b&gt;</h1>');
  });
});

describe('POST /checkout/{cart}', () => {
  it('re-renders a guest’s form with each field’s error and the values typed, and orders nothing', async () => {
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    const typed = { ...guestForm, name: 'Grace "<G>"', email: '', lat: '91', coupon_code: 'SPRING', note: 'Ring <twice>' };
    const res = await postForm(t.app, pathOf(cart.checkoutUrl), typed);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.raw).toContain('role="alert"');
    expect(res.raw).toContain('Latitude: must be between -90 and 90');
    expect(res.raw).toContain('value="Grace &quot;&lt;G&gt;&quot;"');
    expect(res.raw).toContain('value="91"');
    expect(res.raw).toContain('value="SPRING"');
    expect(res.raw).toContain('>Ring &lt;twice&gt;</textarea>');
    expect(res.raw).toMatch(/value="delivery"\s+checked/);

    const noContact = await postForm(t.app, pathOf(cart.checkoutUrl), { ...guestForm, email: '' });
    expect(noContact.status).toBe(422);
    expect(noContact.raw).toContain('Contact: needs an email or a phone number');
    const badCoupon = await postForm(t.app, pathOf(cart.checkoutUrl), { ...guestForm, coupon_code: 'NOPE' });
    expect(badCoupon.status).toBe(422);
    expect(badCoupon.raw).toContain('value="NOPE"');
    expect(await ordersOfCart(cart.id)).toEqual([]);
  });

  it('places a cash order from the form, redirects to the confirmation, and sends a second post there too', async () => {
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    const path = pathOf(cart.checkoutUrl);
    const res = await postForm(t.app, path, { ...guestForm, note: 'Leave at the door' });
    expect(res.status, res.raw).toBe(303);
    expect(res.headers.location).toBe(`${path}/done`);
    const [order] = await ordersOfCart(cart.id);
    expect(order).toMatchObject({ paymentMethod: 'cash', deliveryMethod: 'delivery', status: 'placed', note: 'Leave at the door', currency: 'EUR' });
    expect(order!.total.toFixed(2)).toBe('16.50');
    expect(order!.contact).toMatchObject({ name: 'Grace Guest', email: 'grace@guest.test' });

    const done = await get(t.app, `${path}/done`);
    expect(done.status).toBe(200);
    expect(done.raw).toContain(`Thank you! Order #${order!.number}`);
    expect(done.raw).toContain('16.50 EUR');
    expect(done.raw).toContain('You pay when you receive it.');
    expect(done.raw).not.toContain('/pay/test/');

    const again = await postForm(t.app, path, guestForm);
    expect([again.status, again.headers.location]).toEqual([303, `${path}/done`]);
    expect((await get(t.app, path)).headers.location).toBe(`${path}/done`);
    expect(await ordersOfCart(cart.id)).toHaveLength(1);
  });

  it('answers 409 when a price changed since the cart was filled, and shows the change and the new prices', async () => {
    const store = await makeStore(t.database);
    const jam = await createProduct(t.database, store.store, { title: 'Jam', price: '5.00', stock: 5 });
    const cart = await openCart(t.app, store, [{ item_id: jam.id, quantity: 2 }]);
    await t.database.prisma.product.update({ where: { id: jam.id }, data: { price: '6.00', priceMin: '6.00', priceMax: '6.00' } });
    const res = await postForm(t.app, pathOf(cart.checkoutUrl), guestForm);
    expect(res.status).toBe(409);
    expect(res.raw).toContain('The price changed from 5.00 to 6.00.');
    expect(res.raw).toContain('12.00 USD');
    expect(res.raw).toContain('value="Grace Guest"');
    expect(await ordersOfCart(cart.id)).toEqual([]);
    expect((await postForm(t.app, pathOf(cart.checkoutUrl), guestForm)).status).toBe(303);
  });

  it('checks a customer’s cart out on the account: no contact asked, the order is the customer’s', async () => {
    const ada = await signInCustomer(t.database, shop.store);
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }], ada.auth);
    const path = pathOf(cart.checkoutUrl);
    const page = await get(t.app, path);
    expect(page.raw).toContain('You are checking out with your account');
    expect(page.raw).not.toContain('name="email"');
    expect(page.raw).not.toContain(ada.account.email);
    const res = await postForm(t.app, path, { delivery_method: 'delivery', ...chicago, payment_method: 'cash', email: 'ignored@x.test' });
    expect(res.status, res.raw).toBe(303);
    const [order] = await ordersOfCart(cart.id);
    expect(order).toMatchObject({ customerId: ada.customer.id, contact: null });
  });

  it('hands an online order its pay link on the confirmation page', async () => {
    const cart = await openCart(t.app, shop, [{ item_id: tea.id, quantity: 1 }]);
    const path = pathOf(cart.checkoutUrl);
    expect((await postForm(t.app, path, { ...guestForm, payment_method: 'online' })).status).toBe(303);
    const [order] = await ordersOfCart(cart.id);
    expect(order).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' });
    const done = await get(t.app, `${path}/done`);
    expect(done.raw).toMatch(new RegExp(`href="http://bazaar.test/pay/test/${order!.uid}/[^"]+"`));
  });

  it('prices delivery by the shipping zones when asked, without placing the order', async () => {
    const store = await makeStore(t.database, { name: 'Zoned' });
    await illinoisZone(t.database, store.store, { baseRate: '3.00' });
    const jam = await createProduct(t.database, store.store, { title: 'Jam', price: '5.00', stock: 5 });
    const cart = await openCart(t.app, store, [{ item_id: jam.id, quantity: 1 }]);
    const path = pathOf(cart.checkoutUrl);
    const page = await get(t.app, path);
    expect(page.raw).toContain('The delivery fee depends on the address');
    expect(page.raw).toContain('value="quote">Update delivery fee</button>');

    const quoted = await postForm(t.app, path, { ...guestForm, intent: 'quote' });
    expect(quoted.status).toBe(200);
    expect(quoted.raw).toContain('Delivery to this address: 3.00 USD (Illinois, 1–2 days)');
    expect(quoted.raw).toContain('value="Grace Guest"');
    const miami = await postForm(t.app, path, { ...guestForm, lat: '25.7617', lng: '-80.1918', intent: 'quote' });
    expect(miami.status).toBe(422);
    expect(miami.raw).toContain('does not deliver to Florida');
    expect(await ordersOfCart(cart.id)).toEqual([]);
  });
});
