import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/generated/prisma/client.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { picture, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';
import { makeCollectionShop, type CollectionShop } from '../../support/merchant-collections.js';
import { makeKey, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../support/writes.js';

// The merchant collection operations: GET /collections (merchant-collections-read) and POST
// /collections/bulk (merchant-collections-create); pin and reorder are in collection-ordering.test.ts.

let t: TestApp;
let images: LocalServer;
let shop: TestStore;
let other: TestStore;
let products: Product[];
let foreign: Product;
let bulk: CollectionShop['bulk'];
let orderOf: CollectionShop['orderOf'];
const run = randomUUID().slice(0, 8);
const slug = (name: string) => `${name}-${run}`;

beforeAll(async () => {
  images = await startLocalServer({ '/banner.jpg': serve(await picture(1200, 400, 'jpeg'), 'image/jpeg'), '/text.png': serve('not a picture') });
  t = await startTestApp({ MEDIA_FETCH_ALLOW: images.hostPort, RATE_LIMIT_MERCHANT: '0' });
  ({ shop, other, products, foreign, bulk, orderOf } = await makeCollectionShop(t));
});
afterAll(async () => {
  await t.close();
  await images.close();
});

const countOf = (store = shop) => t.database.prisma.collection.count({ where: { storeId: store.store.id } });

describe('POST /collections/bulk', () => {
  it('creates a manual collection and a smart child naming it by slug, in one call, with an event each', async () => {
    const before = (await outboxOf(t.database, shop.store)).length;
    const res = await bulk({
      collections: [
        {
          name: 'Cheap lamps',
          slug: slug('cheap'),
          parent_slug: slug('lamps'),
          mode: 'smart',
          rules: { match: 'all', rules: [{ kind: 'price_range', max: 11 }] },
        },
        { name: 'Lamps', slug: slug('lamps'), description: 'All lamps', featured: true, product_ids: [products[2]!.pId, products[0]!.id] },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    const rows = await t.database.prisma.collection.findMany({ where: { storeId: shop.store.id, slug: { in: [slug('cheap'), slug('lamps')] } } });
    const lamps = rows.find((r) => r.slug === slug('lamps'))!;
    const cheap = rows.find((r) => r.slug === slug('cheap'))!;
    expect(res.body).toEqual({
      status: 'success',
      message: 'Collections saved',
      data: {
        collections: [
          {
            id: cheap.id,
            p_id: cheap.pId,
            slug: slug('cheap'),
            name: 'Cheap lamps',
            description: null,
            image: null,
            image_variants: null,
            featured: false,
            storefront: true,
            mode: 'smart',
            rules: { match: 'all', rules: [{ kind: 'price_range', max: '11.00' }] },
            parent_id: lamps.id,
            position: 0,
            products_count: 2,
            created_at: cheap.createdAt.toISOString(),
            updated_at: cheap.updatedAt.toISOString(),
          },
          {
            id: lamps.id,
            p_id: lamps.pId,
            slug: slug('lamps'),
            name: 'Lamps',
            description: 'All lamps',
            image: null,
            image_variants: null,
            featured: true,
            storefront: true,
            mode: 'manual',
            rules: null,
            parent_id: null,
            position: 0,
            products_count: 2,
            created_at: lamps.createdAt.toISOString(),
            updated_at: lamps.updatedAt.toISOString(),
          },
        ],
        created: 2,
        updated: 0,
      },
    });
    expect((await outboxOf(t.database, shop.store)).slice(before)).toEqual([
      { topic: 'collections/create', payload: { id: lamps.id } },
      { topic: 'collections/create', payload: { id: cheap.id } },
    ]);
    expect(await orderOf(lamps.id)).toEqual([products[2]!.id, products[0]!.id]);
  });

  it('updates by slug: fields left out keep their value, product_ids replaces the members', async () => {
    const res = await bulk({ collections: [{ name: 'Lamps again', slug: slug('lamps'), product_ids: [products[3]!.id] }] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      created: 0,
      updated: 1,
      collections: [{ name: 'Lamps again', description: 'All lamps', featured: true, products_count: 1 }],
    });
    expect(await orderOf(slug('lamps'))).toEqual([products[3]!.id]);
  });

  it("refuses another store's product naming it, and writes nothing", async () => {
    const before = await countOf();
    const res = await bulk({
      collections: [
        { name: 'Fine', slug: slug('fine') },
        { name: 'Bad', slug: slug('bad'), product_ids: [products[0]!.id, foreign.id, foreign.pId] },
      ],
    });
    expectValidation(res, 'collections.1.product_ids.1');
    // Issue 17: each refusal names the product, by the reference sent and its index in product_ids.
    const notOurs = (ref: string | number, index: number) => [
      `names product "${ref}" (index ${index}), which is no product of this store: send the uuid or integer id of one of its products`,
    ];
    expect(res.body.errors).toEqual({ 'collections.1.product_ids.1': notOurs(foreign.id, 1), 'collections.1.product_ids.2': notOurs(foreign.pId, 2) });
    expect(await countOf()).toBe(before);
  });

  it.each([
    [
      'an unknown rule kind',
      { collections: [{ name: 'X', slug: slug('x'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'colour' }] } }] },
      'collections.0.rules.rules.0.kind',
    ],
    [
      'a bad rule body',
      { collections: [{ name: 'X', slug: slug('x'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'created_within_days', days: 'a' }] } }] },
      'collections.0.rules.rules.0.days',
    ],
    [
      'an extra rule field',
      { collections: [{ name: 'X', slug: slug('x'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'in_stock', value: true, x: 1 }] } }] },
      'collections.0.rules.rules.0',
    ],
    ['a smart collection without rules', { collections: [{ name: 'X', slug: slug('x'), mode: 'smart' }] }, 'collections.0.rules'],
    [
      'rules on a manual collection',
      { collections: [{ name: 'X', slug: slug('x'), rules: { match: 'all', rules: [{ kind: 'discount_applies' }] } }] },
      'collections.0.rules',
    ],
    ['more than 100 collections', { collections: Array.from({ length: 101 }, (_, i) => ({ name: 'X', slug: `x-${i}` })) }, 'collections'],
    ['no collections', { collections: [] }, 'collections'],
    [
      'more than 1000 product ids',
      { collections: [{ name: 'X', slug: slug('x'), product_ids: Array.from({ length: 1001 }, () => 1) }] },
      'collections.0.product_ids',
    ],
    [
      'a repeated slug',
      {
        collections: [
          { name: 'X', slug: slug('x') },
          { name: 'Y', slug: slug('x') },
        ],
      },
      'collections.1.slug',
    ],
    ['a bad slug', { collections: [{ name: 'X', slug: 'Not A Slug' }] }, 'collections.0.slug'],
    ['an unknown parent', { collections: [{ name: 'X', slug: slug('x'), parent_slug: 'nowhere' }] }, 'collections.0.parent_slug'],
    [
      'a cycle',
      {
        collections: [
          { name: 'A', slug: slug('ca'), parent_slug: slug('cb') },
          { name: 'B', slug: slug('cb'), parent_slug: slug('ca') },
        ],
      },
      'collections.0.parent_slug',
    ],
    ['an unknown field', { collections: [{ name: 'X', slug: slug('x'), colour: 'red' }] }, 'collections.0.colour'],
    ['a body that is a list', [], 'collections'],
    ['a wrong type', { collections: [{ name: 5, slug: slug('x') }] }, 'collections.0.name'],
  ])('refuses %s with a 422 naming it and writes nothing', async (_, body, field) => {
    const before = await countOf();
    const res = await bulk(body);
    if (field === 'collections' && Array.isArray(body)) expect(res.status).toBe(422);
    else expectValidation(res, field);
    expect(await countOf()).toBe(before);
  });

  it('refuses a parent change that would make a cycle with an existing collection', async () => {
    const res = await bulk({ collections: [{ name: 'Lamps', slug: slug('lamps'), parent_slug: slug('cheap') }] });
    expectValidation(res, 'collections.0.parent_slug');
  });

  it('refuses an unknown category in a rule', async () => {
    const res = await bulk({
      collections: [{ name: 'X', slug: slug('x'), mode: 'smart', rules: { match: 'any', rules: [{ kind: 'category', category_id: 999999 }] } }],
    });
    expectValidation(res, 'collections.0.rules.rules.0.category_id');
  });

  it('answers malformed JSON with 400 bad_request', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT}/collections/bulk`,
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: '{"collections": [',
    });
    expectFailure(res, 400, 'bad_request');
  });

  it('replays the same call under one Idempotency-Key', async () => {
    const body = { collections: [{ name: 'Replayed', slug: slug('replayed') }] };
    const headers = { 'idempotency-key': `coll-${run}` };
    const first = await bulk(body, shop.privateKey, headers);
    const again = await bulk(body, shop.privateKey, headers);
    expect(first.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.raw).toBe(first.raw);
    expect(await t.database.prisma.collection.count({ where: { storeId: shop.store.id, slug: slug('replayed') } })).toBe(1);
  });

  it('needs merchant-collections-create', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-collections-read'] });
    expectFailure(await bulk({ collections: [{ name: 'X', slug: slug('x') }] }, key), 403, 'insufficient_scope');
  });

  it('evaluates smart rules in the database: category with subcategories, options, title, stock, discounts', async () => {
    const rooms = await createCategory(t.database, shop.store, `Rooms ${run}`);
    const kitchen = await createCategory(t.database, shop.store, `Kitchen ${run}`, rooms);
    const pot = await createProduct(t.database, shop.store, { title: `Pot ${run}`, category: kitchen, options: { Colour: ['Red', 'Blue'] } });
    const pan = await createProduct(t.database, shop.store, { title: `Pan ${run}`, category: rooms, stock: 0 });
    const res = await bulk({
      collections: [
        { name: 'Rooms', slug: slug('rooms'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'category', category_id: rooms.pId }] } },
        { name: 'Red', slug: slug('red'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'option_value', option: 'colour', value: 'Red' }] } },
        {
          name: 'Stocked',
          slug: slug('stocked'),
          mode: 'smart',
          rules: {
            match: 'all',
            rules: [
              { kind: 'title_contains', text: run },
              { kind: 'in_stock', value: true },
            ],
          },
        },
        {
          name: 'Any',
          slug: slug('any'),
          mode: 'smart',
          rules: {
            match: 'any',
            rules: [
              { kind: 'title_contains', text: `pot ${run}` },
              { kind: 'title_contains', text: `pan ${run}` },
            ],
          },
        },
        {
          name: 'Recent',
          slug: slug('recent'),
          mode: 'smart',
          rules: {
            match: 'all',
            rules: [
              { kind: 'created_within_days', days: 1 },
              { kind: 'title_contains', text: run },
            ],
          },
        },
        { name: 'Deals', slug: slug('deals'), mode: 'smart', rules: { match: 'all', rules: [{ kind: 'discount_applies' }] } },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.collections.map((c: { products_count: number }) => c.products_count)).toEqual([2, 1, 1, 2, 2, 0]);
    expect(await orderOf(slug('rooms'))).toEqual([pan.id, pot.id]);
    await t.database.prisma.discount.create({
      data: { storeId: shop.store.id, title: 'Pot deal', type: 'percentage', value: 10, productIds: [pot.id], isPublished: true },
    });
    expect(await orderOf(slug('deals'))).toEqual([pot.id]);
  });
});

describe('POST /collections/bulk with image_url', () => {
  const mediaFiles = () => t.database.prisma.mediaFile.findMany({ where: { storeId: shop.store.id }, orderBy: { id: 'asc' } });

  it('downloads the image into the media library and answers the address Bazaar serves, on both faces', async () => {
    const before = (await mediaFiles()).length;
    const res = await bulk({ collections: [{ name: 'Banner', slug: slug('banner'), image_url: `${images.origin}/banner.jpg` }] });
    expect(res.status, res.raw).toBe(200);
    const made = res.body.data.collections[0];
    expect(made.image).toMatch(/^http:\/\/bazaar\.test\/media\/.+\/original\.jpg$/);
    expect(Object.keys(made.image_variants)).toEqual(['thumb', 'card', 'card2x', 'view', 'wa', 'original']);
    expect(made.image_variants.original).toEqual({ url: made.image, w: 1200, h: 400 });
    const files = await mediaFiles();
    expect(files).toHaveLength(before + 1);
    expect(files.at(-1)).toMatchObject({ sourceUrl: `${images.origin}/banner.jpg`, mimeType: 'image/jpeg', width: 1200, height: 400 });
    const row = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: shop.store.id, slug: slug('banner') } });
    expect(row.imageUrl).toBe(made.image);
    const tree = await get(t.app, '/v1/store/collections?include_empty=true', shop.publicKey);
    expect(tree.body.data.find((c: { slug: string }) => c.slug === slug('banner'))).toMatchObject({ image: made.image, image_variants: made.image_variants });
  });

  it('keeps the image when an update leaves image_url out', async () => {
    const before = await t.database.prisma.collection.findFirstOrThrow({ where: { storeId: shop.store.id, slug: slug('banner') } });
    const res = await bulk({ collections: [{ name: 'Banner, renamed', slug: slug('banner') }] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.collections[0]).toMatchObject({ name: 'Banner, renamed', image: before.imageUrl });
  });

  it.each([
    ['an internal address', 'http://10.0.0.1/a.png'],
    ['the loopback on a port not allowed', 'http://127.0.0.1:9/x.png'],
    ['a cloud metadata address', 'http://169.254.169.254/latest'],
    ['a file url', 'file:///etc/passwd'],
    ['a download that is not a picture', 'TEXT'],
  ])('refuses %s with a 422 on that item’s image_url, writing no collection, event or file', async (_, url) => {
    const before = { collections: await countOf(), events: (await outboxOf(t.database, shop.store)).length, files: (await mediaFiles()).length };
    const res = await bulk({
      collections: [
        { name: 'Fine', slug: slug('fine-image') },
        { name: 'Refused', slug: slug('refused-image'), image_url: url === 'TEXT' ? `${images.origin}/text.png` : url },
      ],
    });
    expectValidation(res, 'collections.1.image_url');
    expect(Object.keys(res.body.errors)).toEqual(['collections.1.image_url']);
    expect(await countOf()).toBe(before.collections);
    expect((await outboxOf(t.database, shop.store)).length).toBe(before.events);
    expect((await mediaFiles()).length).toBe(before.files);
  });
});

describe('GET /collections', () => {
  it("lists the store's collections in creation order, walked by cursor, never another store's", async () => {
    await send(t.app, other.privateKey, 'POST', '/collections/bulk', { collections: [{ name: 'Theirs', slug: slug('theirs') }] });
    const all = await t.database.prisma.collection.findMany({ where: { storeId: shop.store.id }, orderBy: { pId: 'asc' } });
    const first = await get(t.app, `${MERCHANT}/collections?limit=2`, shop.privateKey);
    expect(first.status, first.raw).toBe(200);
    expect(first.body).toMatchObject({ status: 'success', message: 'Collections', has_more: true, next_cursor: expect.any(String) });
    const seen = [...first.body.data];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await get(t.app, `${MERCHANT}/collections?limit=2&starting_after=${cursor}`, shop.privateKey);
      seen.push(...page.body.data);
      cursor = page.body.next_cursor;
    }
    expect(seen.map((c) => c.id)).toEqual(all.map((c) => c.id));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
  ])('refuses %s', async (query, field) => {
    expectValidation(await get(t.app, `${MERCHANT}/collections?${query}`, shop.privateKey), field);
  });

  it('refuses a cursor it did not issue', async () => {
    expectFailure(await get(t.app, `${MERCHANT}/collections?starting_after=junk`, shop.privateKey), 422, 'starting_after_invalid');
  });

  it('needs merchant-collections-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-collections-create'] });
    expectFailure(await get(t.app, `${MERCHANT}/collections`, key), 403, 'insufficient_scope');
  });
});
