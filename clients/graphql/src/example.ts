import { randomUUID } from 'node:crypto';
import { bazaarClient } from './client.js';
import { addToCart, browse, checkout, merchantOrders, myOrders, register, signIn } from './journeys.js';

// A whole purchase against a running Bazaar, by the typed client:
//   BAZAAR_PUBLIC_KEY=pk_… BAZAAR_PRIVATE_KEY=sk_… npx tsx clients/graphql/src/example.ts
// (the keys `npm start` prints for the demo store; BAZAAR_URL defaults to http://localhost:4000).

const url = process.env.BAZAAR_URL ?? 'http://localhost:4000';
const publicKey = process.env.BAZAAR_PUBLIC_KEY;
if (!publicKey) throw new Error('Set BAZAAR_PUBLIC_KEY to a public key of the store (npm start prints the demo store’s).');

const shopper = bazaarClient({ url, clientKey: publicKey, cartSession: randomUUID() });
// The demo store takes orders from 10.00: pick a product that reaches it alone.
const { shop, product } = await browse(shopper, (slugs) => slugs.at(-1));
console.log(`${shop.name} (${shop.isOpen ? 'open' : 'closed'}): ${product.title} at ${product.price.amount} ${product.price.currencyCode}`);

const cart = await addToCart(shopper, product.slug, Math.max(1, Math.ceil(10 / Number(product.price.amount))));
console.log(`cart ${cart.id}: ${cart.lines.length} line(s), ${cart.subtotal.amount} ${cart.subtotal.currencyCode}`);

const email = `shopper-${randomUUID().slice(0, 8)}@example.com`;
const password = 'correct horse battery staple';
await register(shopper, { firstName: 'Ada', lastName: 'Lovelace', email, password });
const session = await signIn(shopper, email, password);
const customer = shopper.as({ accessToken: session.accessToken });

const { order } = await checkout(customer, { deliveryMethod: 'PICKUP', paymentMethod: 'CASH', note: 'Placed by the typed client example' });
console.log(`order ${order.orderNumber}: ${order.status}, ${order.total.amount} ${order.total.currencyCode}`);
console.log(`my orders: ${(await myOrders(customer)).map((o) => o.orderNumber).join(', ')}`);

const privateKey = process.env.BAZAAR_PRIVATE_KEY;
if (privateKey) {
  const merchant = bazaarClient({ url, clientKey: privateKey });
  const recent = await merchantOrders(merchant);
  console.log(`the store's newest orders: ${recent.map((o) => `${o.orderNumber} ${o.status} ${o.total.amount}`).join('; ')}`);
}
