import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Discount, Product } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// GET /v1/store/promotions/{promotion}/products: page-only, with meta.promotion and attribute facets.

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let promo: Discount;
let targeted: Product[];
const now = new Date('2026-03-01T12:00:00.000Z');
const run = randomUUID().slice(0, 8);
const colours = ['Red', 'Red', 'Blue', 'Blue', 'Green', 'Red'];
const sizes = ['S', 'M', 'S', 'M', 'S', 'L'];

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_STOREFRONT: '0' }, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  const lamps = await createCategory(t.database, shop.store, `Lamps ${run}`);
  targeted = [];
  for (let i = 0; i < 6; i += 1) {
    targeted.push(
      await createProduct(t.database, shop.store, {
        title: `Lamp ${i}`,
        category: lamps,
        price: `${10 + (i % 2)}.00`,
        stock: i === 4 ? 0 : 3,
        createdAt: new Date(now.getTime() - i * 1000),
        options: { Colour: [colours[i]!], Size: [sizes[i]!] },
      }),
    );
  }
  await t.database.prisma.productOption.updateMany({ where: { productId: targeted[0]!.id, name: 'Colour' }, data: { colorCodes: { Red: '#ff0000' } } });
  await createProduct(t.database, shop.store, { title: 'Untargeted' });
  await createProduct(t.database, shop.store, { title: 'Hidden lamp', category: lamps, published: false });
  promo = await t.database.prisma.discount.create({
    data: {
      storeId: shop.store.id,
      kind: 'promotion',
      title: 'Lamp week',
      description: 'Lamps off',
      type: 'percentage',
      value: '12.5',
      priority: 3,
      categoryIds: [lamps.id],
      isPublished: true,
      validFrom: new Date('2026-02-01T00:00:00Z'),
      validUntil: new Date('2026-04-01T00:00:00Z'),
    },
  });
});
afterAll(() => t.close());

const products = (query = '', promotion: string | number = promo.id, key = shop.publicKey) =>
  get(t.app, `/v1/store/promotions/${promotion}/products${query}`, key);
const idsOf = (res: { body: { data: { id: string }[] } }) => res.body.data.map((p) => p.id);

describe('GET /store/promotions/{promotion}/products', () => {
  it('answers the targeted shopper-visible cards, newest first, with the promotion and facets in meta', async () => {
    const res = await products('', promo.pId);
    expect(res.status, res.raw).toBe(200);
    expect(idsOf(res)).toEqual(targeted.map((p) => p.id));
    expect(res.body).toMatchObject({ status: 'success', message: 'Promotion products', has_more: false, next_cursor: null });
    expect(res.body.meta.promotion).toEqual({
      id: promo.id,
      title: 'Lamp week',
      description: 'Lamps off',
      image_url: null,
      type: 'percentage',
      value: 12.5,
      priority: 3,
      valid_from: '2026-02-01T00:00:00.000Z',
      valid_until: '2026-04-01T00:00:00.000Z',
      status: 'active',
      is_live: true,
    });
    expect(res.body.meta.filters.attributes).toEqual([
      {
        name: 'Colour',
        slug: 'colour',
        type: 'option',
        values: [
          { value: 'Red', slug: 'red', count: 3, selected: false, color_code: '#ff0000' },
          { value: 'Blue', slug: 'blue', count: 2, selected: false, color_code: null },
          { value: 'Green', slug: 'green', count: 1, selected: false, color_code: null },
        ],
      },
      {
        name: 'Size',
        slug: 'size',
        type: 'option',
        values: [
          { value: 'S', slug: 's', count: 3, selected: false, color_code: null },
          { value: 'M', slug: 'm', count: 2, selected: false, color_code: null },
          { value: 'L', slug: 'l', count: 1, selected: false, color_code: null },
        ],
      },
    ]);
  });

  it('counts each facet value as the list length selecting it gives (disjunctive rule), and marks the selection', async () => {
    const selections = [
      '',
      '?attributes[]=colour:red',
      '?attributes[]=colour:red&attributes[]=colour:blue',
      '?attributes=colour:red,size:s',
      '?attributes[]=size:m&in_stock=true',
    ];
    for (const query of selections) {
      const res = await products(query);
      expect(res.status, res.raw).toBe(200);
      const selected = new URLSearchParams(query.slice(1));
      const entries = [...selected.getAll('attributes[]'), ...selected.getAll('attributes').flatMap((a) => a.split(','))];
      for (const facet of res.body.meta.filters.attributes) {
        for (const value of facet.values) {
          const chosen = `${facet.slug}:${value.slug}`;
          expect(value.selected, `${query} ${chosen}`).toBe(entries.includes(chosen));
          const others = entries.filter((e) => !e.startsWith(`${facet.slug}:`));
          const rest = [...selected]
            .filter(([k]) => !k.startsWith('attributes'))
            .map(([k, v]) => `&${k}=${v}`)
            .join('');
          const narrowed = await products(`?per_page=50${rest}${[...others, chosen].map((e) => `&attributes[]=${e}`).join('')}`);
          expect(narrowed.body.data.length, `${query} ${chosen}`).toBe(value.count);
        }
      }
    }
  });

  it('filters by attributes (OR within one, AND across), keyword and stock', async () => {
    expect(idsOf(await products('?attributes[]=colour:red&attributes[]=colour:green'))).toEqual([0, 1, 4, 5].map((i) => targeted[i]!.id));
    expect(idsOf(await products('?attributes[]=colour:red&attributes[]=size:m'))).toEqual([targeted[1]!.id]);
    expect(idsOf(await products('?keyword=lamp 3'))).toEqual([targeted[3]!.id]);
    expect(idsOf(await products('?in_stock=false'))).toEqual([targeted[4]!.id]);
  });

  it('pages by number with has_more, and sorts', async () => {
    const first = await products('?per_page=4');
    const second = await products('?per_page=4&page=2');
    expect([first.body.has_more, second.body.has_more]).toEqual([true, false]);
    expect([...idsOf(first), ...idsOf(second)]).toEqual(targeted.map((p) => p.id));
    expect(second.body.next_cursor).toBeNull();
    expect(idsOf(await products('?sort=price_low'))).toEqual([0, 2, 4, 1, 3, 5].map((i) => targeted[i]!.id));
    expect(idsOf(await products('?sort=in_stock'))).toEqual([0, 1, 2, 3, 5, 4].map((i) => targeted[i]!.id));
  });

  it('refuses starting_after with cursor_unsupported_for_sort, and a page past 50 with page_too_deep', async () => {
    expectFailure(await products('?starting_after=abc'), 422, 'cursor_unsupported_for_sort');
    expect((await products('?page=51')).body.error_code).toBe('page_too_deep');
  });

  it.each([
    ['per_page=51', 'per_page'],
    ['page=0', 'page'],
    ['sort=cheapest', 'sort'],
    ['in_stock=maybe', 'in_stock'],
    [`keyword=${'k'.repeat(101)}`, 'keyword'],
    ['attributes[]=:red', 'attributes.0'],
  ])('refuses %s', async (query, field) => {
    expectValidation(await products(`?${query}`), field);
  });

  it('answers 404 for a promotion that is not live, a plain discount, and another store’s promotion', async () => {
    const base = { storeId: shop.store.id, title: 'X', type: 'fixed', value: '1' };
    const ended = await t.database.prisma.discount.create({
      data: { ...base, kind: 'promotion', isPublished: true, validUntil: new Date('2026-02-01T00:00:00Z') },
    });
    const unpublished = await t.database.prisma.discount.create({ data: { ...base, kind: 'promotion' } });
    const plain = await t.database.prisma.discount.create({ data: { ...base, isPublished: true } });
    for (const id of [ended.id, unpublished.pId, plain.id, 'nope']) expectFailure(await products('', id), 404, 'not_found', 'Promotion not found.');
    expectFailure(await products('', promo.id, other.publicKey), 404, 'not_found', 'Promotion not found.');
  });
});
