import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Product } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { createDiscount } from '../../support/discounts.js';
import { get, graphql } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { send } from '../../support/writes.js';

// Every price a shopper sees is the final price: the single best live automatic discount that
// targets the product, decided at the request's clock.

const start = new Date('2031-03-01T12:00:00Z');
let now = start.getTime();
let t: TestApp;
let shop: TestStore;
let other: TestStore;
let lamps: Category;
let lamp: Product;
let chair: Product;
let rug: Product;
let sofa: Product;

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  lamps = await createCategory(t.database, shop.store, 'Lamps');
  lamp = await createProduct(t.database, shop.store, { title: 'Lamp', price: '40.00', compareAtPrice: '50.00', category: lamps });
  chair = await createProduct(t.database, shop.store, {
    title: 'Chair',
    variants: [
      { title: 'Oak', optionValues: { Wood: 'Oak' }, price: '100.00' },
      { title: 'Pine', optionValues: { Wood: 'Pine' }, price: '80.00' },
    ],
  });
  rug = await createProduct(t.database, shop.store, { title: 'Rug', price: '19.99' });
  sofa = await createProduct(t.database, shop.store, { title: 'Sofa', price: '500.00' });

  // Lamp: two apply (category 10% → 36.00, product 5.00 off → 35.00); the fixed one wins.
  await createDiscount(t.database, shop.store, { title: 'Lamp week', categoryIds: [lamps.id], value: '10' });
  await createDiscount(t.database, shop.store, { title: 'Five off', type: 'fixed', value: '5.00', productIds: [lamp.id] });
  // Chair: 25% capped at 15.00, from an instant on, until another.
  await createDiscount(t.database, shop.store, {
    title: 'Chair days',
    value: '25',
    cappedAmount: '15.00',
    productIds: [chair.id],
    validFrom: new Date(start.getTime() + 60_000),
    validUntil: new Date(start.getTime() + 120_000),
  });
  // Rug: 12.5% of 19.99 = 2.49875, half-up to 2.50.
  await createDiscount(t.database, shop.store, { title: 'Rug deal', value: '12.5', productIds: [rug.id] });
  // Sofa: nothing of these may lower its card price.
  await createDiscount(t.database, shop.store, { title: 'Unpublished', value: '50', productIds: [sofa.id], isPublished: false });
  await createDiscount(t.database, shop.store, { title: 'Inactive', value: '50', productIds: [sofa.id], isActive: false });
  await createDiscount(t.database, shop.store, { title: 'Coupon only', value: '50', productIds: [sofa.id], autoApply: false });
  await createDiscount(t.database, shop.store, { title: 'Big baskets', value: '50', productIds: [sofa.id], minimumOrderAmount: '1000.00' });
  await createDiscount(t.database, shop.store, { title: 'Buy three', value: '50', productIds: [sofa.id], minimumQuantity: 3 });
  await createDiscount(t.database, shop.store, { title: 'Expired', value: '50', productIds: [sofa.id], validUntil: new Date(start.getTime() - 1) });
  await createDiscount(t.database, shop.store, { title: 'Used up', value: '50', productIds: [sofa.id], maxUsageTotal: 10, usageCount: 10 });
  await createDiscount(t.database, other.store, { title: 'Other store, everything', value: '90' });
});
afterAll(() => t.close());

async function card(slug: string) {
  const res = await get(t.app, '/v1/store/products?per_page=100', shop.publicKey);
  expect(res.status).toBe(200);
  return res.body.data.find((c: { slug: string }) => c.slug === slug);
}

describe('the product card', () => {
  it('shows the best of the discounts that apply, and lists each on the full price, best first', async () => {
    now = start.getTime();
    const c = await card(lamp.slug);
    expect(c).toMatchObject({ price: 40, discount_price: 35, compare_at_price: 50 });
    expect(c.discount).toMatchObject({ title: 'Five off', type: 'fixed', value: 5, amount: 5, final_price: 35, image_url: null });
    expect(c.discounts.map((d: { title: string; amount: number; final_price: number }) => [d.title, d.amount, d.final_price])).toEqual([
      ['Five off', 5, 35],
      ['Lamp week', 4, 36],
    ]);
  });

  it('rounds a percentage half-up to the cent', async () => {
    now = start.getTime();
    expect(await card(rug.slug)).toMatchObject({ price: 19.99, discount_price: 17.49, discount: { amount: 2.5, value: 12.5 } });
  });

  it('ignores unpublished, inactive, coupon-only, expired and used-up discounts, order-level conditions and other stores', async () => {
    now = start.getTime();
    expect(await card(sofa.slug)).toMatchObject({ price: 500, discount_price: 500, discount: null, discounts: [] });
  });
});

describe('a discount starts and ends at its instant, with no job', () => {
  it('changes the chair’s card, detail and variants as the clock passes valid_from and valid_until', async () => {
    now = start.getTime();
    expect(await card(chair.slug)).toMatchObject({ price: 80, discount_price: 80, discount: null });

    now = start.getTime() + 60_000;
    // 25% of 80.00 is 20.00, capped at 15.00.
    expect(await card(chair.slug)).toMatchObject({ price: 80, discount_price: 65, discount: { title: 'Chair days', amount: 15 } });
    const detail = await get(t.app, `/v1/store/products/${chair.slug}`, shop.publicKey);
    expect(detail.body.data).toMatchObject({ price: 80, discount_price: 65 });
    expect(detail.body.data.variants.map((v: { price: number; discount_price: number }) => [v.price, v.discount_price])).toEqual([
      [100, 85],
      [80, 65],
    ]);

    now = start.getTime() + 120_000;
    expect(await card(chair.slug)).toMatchObject({ discount_price: 80, discount: null });
  });
});

describe('every list and face', () => {
  it('shows the discounted price on the storefront search and in GraphQL', async () => {
    now = start.getTime();
    const search = await get(t.app, '/api/v1/merchant/storefront/search?keyword=Lamp', shop.privateKey);
    expect(search.status).toBe(200);
    // Merchant spec: "Money is given as decimal strings in the currency's major unit with 2 decimals".
    expect(search.body.data.find((c: { slug: string }) => c.slug === lamp.slug)).toMatchObject({ discount_price: '35.00' });
    const res = await graphql(
      t.app,
      shop.publicKey,
      `
        query ($slug: String!) {
          product(slug: $slug) {
            price {
              amount
            }
            discountPrice {
              amount
            }
            discount {
              title
              amount {
                amount
              }
              finalPrice {
                amount
              }
            }
            discounts {
              title
            }
          }
        }
      `,
      { slug: lamp.slug },
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.product).toMatchObject({
      price: { amount: '40.00' },
      discountPrice: { amount: '35.00' },
      discount: { title: 'Five off', amount: { amount: '5.00' }, finalPrice: { amount: '35.00' } },
      discounts: [{ title: 'Five off' }, { title: 'Lamp week' }],
    });
  });

  // Issue 17: price sorts "order by the price the card shows (discount_price, the final customer price)".
  it('orders price sorts by the discounted price the card shows', async () => {
    now = start.getTime();
    const res = await get(t.app, '/v1/store/products?sort=price_low&per_page=100', shop.publicKey);
    expect(res.body.data.map((c: { price: number; discount_price: number }) => [c.price, c.discount_price])).toEqual([
      [19.99, 17.49],
      [40, 35],
      [80, 80],
      [500, 500],
    ]);
  });

  it('never lets another store’s discount reach this store, nor this store’s reach the other', async () => {
    now = start.getTime();
    await createProduct(t.database, other.store, { title: 'Elsewhere', price: '10.00' });
    const res = await get(t.app, '/v1/store/products', other.publicKey);
    expect(res.body.data[0]).toMatchObject({ price: 10, discount_price: 1 });
    expect(await card(sofa.slug)).toMatchObject({ discount_price: 500 });
  });
});

describe('collection and promotion cards', () => {
  // Last in the file: the promotion made here adds to the lamp's and rug's discounts.
  let promotionId: string;
  const applied = async (title: string, amount: number, finalPrice: number) => {
    const row = await t.database.prisma.discount.findFirstOrThrow({ where: { storeId: shop.store.id, title } });
    return { id: row.id, title, type: row.type, value: row.value.toNumber(), amount, final_price: finalPrice, image_url: null };
  };
  const priced = (cards: { slug: string; price: number; discount_price: number; discount: unknown; discounts: unknown[] }[]) =>
    cards.map(({ slug, price, discount_price, discount, discounts }) => ({ slug, price, discount_price, discount, discounts }));

  beforeAll(async () => {
    const res = await send(t.app, shop.privateKey, 'POST', '/collections/bulk', {
      collections: [{ name: 'Sale', slug: 'sale', product_ids: [lamp.id, chair.id, rug.id, sofa.id] }],
    });
    expect(res.status, res.raw).toBe(200);
    // 5% of 40.00 is 2.00; 5% of 19.99 is 0.9995, half-up 1.00. Neither beats the product's best.
    promotionId = (await createDiscount(t.database, shop.store, { title: 'Lamp and rug promo', kind: 'promotion', value: '5', productIds: [lamp.id, rug.id] }))
      .id;
  });

  async function expectedCards() {
    const lampDiscounts = [await applied('Five off', 5, 35), await applied('Lamp week', 4, 36), await applied('Lamp and rug promo', 2, 38)];
    const rugDiscounts = [await applied('Rug deal', 2.5, 17.49), await applied('Lamp and rug promo', 1, 18.99)];
    return {
      lamp: { slug: lamp.slug, price: 40, discount_price: 35, discount: lampDiscounts[0], discounts: lampDiscounts },
      chair: { slug: chair.slug, price: 80, discount_price: 80, discount: null, discounts: [] },
      rug: { slug: rug.slug, price: 19.99, discount_price: 17.49, discount: rugDiscounts[0], discounts: rugDiscounts },
      sofa: { slug: sofa.slug, price: 500, discount_price: 500, discount: null, discounts: [] },
    };
  }

  it('prices a collection page’s cards with the best discount and lists every one', async () => {
    now = start.getTime();
    const res = await get(t.app, '/v1/store/collections/sale/products', shop.publicKey);
    expect(res.status, res.raw).toBe(200);
    const cards = await expectedCards();
    expect(priced(res.body.data)).toEqual([cards.lamp, cards.chair, cards.rug, cards.sofa]);
  });

  it('prices a promotion page’s cards the same way', async () => {
    now = start.getTime();
    const res = await get(t.app, `/v1/store/promotions/${promotionId}/products?sort=price_low`, shop.publicKey);
    expect(res.status, res.raw).toBe(200);
    const cards = await expectedCards();
    expect(priced(res.body.data)).toEqual([cards.rug, cards.lamp]);
  });

  it('prices the GraphQL collection and promotion cards the same way', async () => {
    now = start.getTime();
    const card =
      'slug price { amount } discountPrice { amount } discount { id title amount { amount } finalPrice { amount } } discounts { id title value amount { amount } finalPrice { amount } }';
    const res = await graphql(
      t.app,
      shop.publicKey,
      `query($promotion: String!) {
        collection(slug: "sale") { products(first: 10) { edges { node { ${card} } } } }
        promotion(id: $promotion) { products(sort: PRICE_LOW) { nodes { ${card} } } }
      }`,
      { promotion: promotionId },
    );
    expect(res.body.errors, res.raw).toBeUndefined();
    const money = (amount: number) => ({ amount: amount.toFixed(2) });
    const asGraphql = (c: {
      slug: string;
      price: number;
      discount_price: number;
      discounts: { id: string; title: string; value: number; amount: number; final_price: number }[];
    }) => {
      const discounts = c.discounts.map((d) => ({
        id: d.id,
        title: d.title,
        value: d.value.toFixed(2),
        amount: money(d.amount),
        finalPrice: money(d.final_price),
      }));
      const best = discounts[0];
      return {
        slug: c.slug,
        price: money(c.price),
        discountPrice: money(c.discount_price),
        discount: best ? { id: best.id, title: best.title, amount: best.amount, finalPrice: best.finalPrice } : null,
        discounts,
      };
    };
    const cards = await expectedCards();
    expect(res.body.data.collection.products.edges.map((e: { node: unknown }) => e.node)).toEqual(
      [cards.lamp, cards.chair, cards.rug, cards.sofa].map(asGraphql),
    );
    expect(res.body.data.promotion.products.nodes).toEqual([cards.rug, cards.lamp].map(asGraphql));
  });

  it('changes a collection card’s price at the instant a discount starts and ends', async () => {
    const chairOf = async () => {
      const res = await get(t.app, '/v1/store/collections/sale/products', shop.publicKey);
      expect(res.status, res.raw).toBe(200);
      const c = res.body.data.find((x: { slug: string }) => x.slug === chair.slug);
      return [c.discount_price, c.discount?.title ?? null];
    };
    const from = start.getTime() + 60_000;
    const until = start.getTime() + 120_000;
    now = from - 1;
    expect(await chairOf()).toEqual([80, null]);
    now = from;
    expect(await chairOf()).toEqual([65, 'Chair days']);
    now = until - 1;
    expect(await chairOf()).toEqual([65, 'Chair days']);
    now = until;
    expect(await chairOf()).toEqual([80, null]);
  });
});
