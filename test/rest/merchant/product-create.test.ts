import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../support/catalog.js';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { call, get } from '../../support/http.js';
import { defineMetafield } from '../../support/custom-data.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { derivedOf, MERCHANT, outboxOf, send, sendForm } from '../../support/writes.js';

// POST /products (merchant-items-create): JSON and multipart/form-data with the same fields; answers
// 201 with the object GET /products/{product} answers, all or nothing, with its products/create event.

let t: TestApp;
let shop: TestStore;
let other: TestStore;

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await defineMetafield(t.database, shop, 'specs.fabric', 'text');
  await defineMetafield(t.database, shop, 'care.wash', 'json');
  await defineMetafield(t.database, shop, 'specs.watts', 'number');
});
afterAll(() => t.close());

const create = (body: unknown, key = shop.privateKey) => send(t.app, key, 'POST', '/products', body);
const productCount = (store: TestStore) => t.database.prisma.product.count({ where: { storeId: store.store.id } });

const sized = {
  title: 'Linen Shirt',
  price: '49.90',
  compare_at_price: 59,
  excerpt: 'Breathable',
  description: 'A shirt of washed linen.',
  sku: 'LS-1',
  barcode: '4006381333931',
  track_inventory: true,
  is_digital: false,
  published: true,
  status: 'active',
  metadata: { origin: 'PT' },
  metafields: { 'specs.fabric': 'linen', 'care.wash': { max_c: 30 } },
  options: [
    { name: 'Size', values: ['S', 'M', 'L'] },
    { name: 'Color', values: ['White', 'Blue'] },
  ],
  variants: [
    { sku: 'LS-S-W', option_values: { Size: 'S', Color: 'White' }, price: 45, stock: 2, weight: 0.25 },
    {
      title: 'Medium blue',
      option_values: { Size: 'M', Color: 'Blue' },
      price: '47.50',
      compare_at_price: '55.00',
      stock: 0,
      is_backorder: true,
      backorder_ready_date: '2026-09-01',
    },
    { option_values: { Size: 'L', Color: 'White' }, price: '12.00', stock: 9, is_active: false },
  ],
};

describe('POST /products with a JSON body', () => {
  it('answers 201 with the product object GET answers, and a Location', async () => {
    const res = await create(sized);
    expect(res.status, res.raw).toBe(201);
    expect(res.headers.location).toBe(`${MERCHANT}/products/${res.body.data.id}`);
    const read = await get(t.app, res.headers.location as string, shop.privateKey);
    expect(res.body).toEqual({ ...read.body, message: 'Product created' });
    expect(res.body.data).toMatchObject({
      title: 'Linen Shirt',
      slug: 'linen-shirt',
      price: '49.90',
      storefront_price: '45.00',
      storefront_compare_at_price: null,
      in_stock: true,
      stock: 2,
      has_variants: true,
      sku: 'LS-1',
      barcode: '4006381333931',
      metadata: { origin: 'PT' },
      metafields: { 'specs.fabric': 'linen', 'care.wash': { max_c: 30 } },
      deleted_at: null,
    });
    expect(res.body.data.variants.map((v: Record<string, unknown>) => [v.title, v.option_values, v.price, v.stock, v.position, v.weight, v.is_active])).toEqual(
      [
        ['S / White', { Size: 'S', Color: 'White' }, '45.00', 2, 0, 0.25, true],
        ['Medium blue', { Size: 'M', Color: 'Blue' }, '47.50', 0, 1, null, true],
        ['L / White', { Size: 'L', Color: 'White' }, '12.00', 9, 2, null, false],
      ],
    );
    expect(res.body.data.variants[1]).toMatchObject({ is_backorder: true, backorder_ready_date: '2026-09-01', compare_at_price: '55.00' });
  });

  it('stores the derived columns the storefront sorts and filters on, from the active variants only', async () => {
    const res = await create({ ...sized, title: 'Derived Shirt' });
    expect(await derivedOf(t.database, res.body.data.uid)).toEqual({ priceMin: '45.00', priceMax: '47.50', stock: 2, inStock: true });
    const card = await get(t.app, `/v1/store/products/${res.body.data.slug}`, shop.publicKey);
    expect(card.body.data).toMatchObject({ price: 45, in_stock: true, has_variants: true });
  });

  it('creates a simple product from the title and price alone, with the documented defaults', async () => {
    const res = await create({ title: 'Plain Mug', price: 8 });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      slug: 'plain-mug',
      price: '8.00',
      storefront_price: '8.00',
      stock: 0,
      in_stock: false,
      track_inventory: true,
      is_digital: false,
      published: true,
      status: 'active',
      has_variants: false,
      variants: [],
      metadata: {},
      metafields: {},
      excerpt: null,
    });
    expect(await derivedOf(t.database, res.body.data.uid)).toEqual({ priceMin: '8.00', priceMax: '8.00', stock: 0, inStock: false });
  });

  it('prices a product sent with variants only at its cheapest variant', async () => {
    const res = await create({
      title: 'Only Variants',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { option_values: { Size: 'M' }, price: 9 },
        { option_values: { Size: 'S' }, price: 7.5 },
      ],
    });
    expect(res.body.data).toMatchObject({ price: '7.50', storefront_price: '7.50' });
  });

  it('files the product under a category named by uuid or by integer id', async () => {
    const category = await createCategory(t.database, shop.store, 'Kitchen');
    for (const ref of [category.id, category.pId]) {
      const res = await create({ title: 'Filed', price: 1, category_id: ref });
      expect(res.status, res.raw).toBe(201);
      const row = await t.database.prisma.product.findUniqueOrThrow({ where: { id: res.body.data.uid } });
      expect(row.categoryId).toBe(category.id);
    }
    const listed = await get(t.app, `${MERCHANT}/products?category_id=${category.id}`, shop.privateKey);
    expect(listed.body.data).toHaveLength(2);
  });

  it('writes one products/create event with the product id', async () => {
    const before = (await outboxOf(t.database, shop.store)).length;
    const res = await create({ title: 'Evented', price: 3 });
    const events = await outboxOf(t.database, shop.store);
    expect(events.slice(before)).toEqual([{ topic: 'products/create', payload: expect.objectContaining({ uid: res.body.data.uid }) }]);
  });
});

describe('POST /products with a multipart/form-data body', () => {
  it('takes the same fields, nested ones as JSON text parts and booleans as 1/0', async () => {
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Form Lamp' },
      { name: 'price', value: '19.90' },
      { name: 'excerpt', value: '' },
      { name: 'stock', value: '4' },
      { name: 'track_inventory', value: '1' },
      { name: 'is_digital', value: '0' },
      { name: 'published', value: 'false' },
      { name: 'metadata', value: '{"batch": 7}' },
      { name: 'metafields', value: '{"specs.watts": 40}' },
    ]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Form Lamp',
      price: '19.90',
      excerpt: null,
      stock: 4,
      in_stock: true,
      track_inventory: true,
      is_digital: false,
      published: false,
      metadata: { batch: 7 },
      metafields: { 'specs.watts': 40 },
    });
  });

  it('takes options and variants as JSON text parts', async () => {
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Form Shirt' },
      { name: 'options', value: JSON.stringify([{ name: 'Size', values: ['S', 'M'] }]) },
      { name: 'variants', value: JSON.stringify([{ option_values: { Size: 'S' }, price: '10.00', stock: 1, track_inventory: '1' }]) },
    ]);
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.variants).toEqual([expect.objectContaining({ option_values: { Size: 'S' }, price: '10.00', stock: 1, track_inventory: true })]);
  });

  it('refuses a metadata part that is not JSON, naming it', async () => {
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Bad Meta' },
      { name: 'price', value: '1' },
      { name: 'metadata', value: '{not json' },
    ]);
    expectValidation(res, 'metadata');
  });

  it('refuses a variants part that is not JSON and a metadata part that is JSON but not an object', async () => {
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Bad Parts' },
      { name: 'price', value: '1' },
      { name: 'metadata', value: '[1,2]' },
      { name: 'variants', value: 'nope' },
    ]);
    expectValidation(res, 'metadata');
    expect(Object.keys(res.body.errors).sort()).toEqual(['metadata', 'variants']);
  });

  it('refuses a boolean part that is not true, false, 1 or 0', async () => {
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Bad Bool' },
      { name: 'price', value: '1' },
      { name: 'published', value: 'yes' },
    ]);
    expectValidation(res, 'published');
    expect(res.body.errors.published).toEqual(['must be true, false, 1 or 0']);
  });

  it('refuses an uploaded file in a field that takes none, by name, and writes nothing', async () => {
    const before = await productCount(shop);
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'With File' },
      { name: 'price', value: '1' },
      { name: 'manual', value: Buffer.from('%PDF'), filename: 'a.pdf', type: 'application/pdf' },
    ]);
    expectValidation(res, 'manual');
    expect(await productCount(shop)).toBe(before);
  });

  it('answers a malformed multipart body with 400 bad_request and writes nothing', async () => {
    const before = await productCount(shop);
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT}/products`,
      key: shop.privateKey,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nNo end',
    });
    expectFailure(res, 400, 'bad_request');
    expect(await productCount(shop)).toBe(before);
  });

  it('answers a multipart body without a boundary with 400 bad_request', async () => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT}/products`,
      key: shop.privateKey,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'title=x',
    });
    expectFailure(res, 400, 'bad_request');
  });
});

describe('POST /products over the size limits', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ RATE_LIMIT_MERCHANT: '0', BODY_LIMIT_BYTES: '2048' }, { database: t.database });
  });
  afterAll(() => small.close());

  it('answers a JSON body over BODY_LIMIT_BYTES with 413 payload_too_large', async () => {
    const res = await send(small.app, shop.privateKey, 'POST', '/products', { title: 'Big', price: 1, description: 'x'.repeat(4096) });
    expectFailure(res, 413, 'payload_too_large');
  });

  it('refuses a multipart text part longer than the field allows (parts over 1 MB arrive cut, so over every text cap), writing nothing', async () => {
    const before = await productCount(shop);
    const res = await sendForm(t.app, shop.privateKey, 'POST', '/products', [
      { name: 'title', value: 'Huge' },
      { name: 'price', value: '1' },
      { name: 'description', value: 'x'.repeat(1_100_000) },
    ]);
    expectValidation(res, 'description');
    expect(await productCount(shop)).toBe(before);
  });

  it('refuses a metadata object over 16384 bytes on the field', async () => {
    const res = await create({ title: 'Meta', price: 1, metadata: { blob: 'x'.repeat(17_000) } });
    expectValidation(res, 'metadata');
  });
});

describe('POST /products validation', () => {
  it('names every offending field in the wire vocabulary', async () => {
    const res = await create({
      title: '  ',
      price: -1,
      compare_at_price: '1.234',
      stock: 1.5,
      status: 'live',
      published: 'maybe',
      metadata: 'x',
      variants: [{ option_values: { Size: 'S' } }],
    });
    expectValidation(res, 'title');
    expect(res.body.errors).toEqual({
      title: ['must not be empty'],
      price: ['must not be negative'],
      compare_at_price: ['must have at most 2 decimal places'],
      stock: ['must be a whole number'],
      status: ['must be active, draft or archived'],
      published: ['must be true, false, 1 or 0'],
      metadata: ['must be valid JSON (in a multipart body, this field is one part holding JSON text)'],
      'variants.0.price': ['is required'],
    });
  });

  it('requires a title, and a price when no variant is sent', async () => {
    expect((await create({ price: 1 })).body.errors).toEqual({ title: ['is required'] });
    const res = await create({ title: 'No Price' });
    expectValidation(res, 'price');
    expect(res.body.errors).toEqual({ price: ['is required for a product without variants'] });
  });

  it.each([
    ['-0.01', 'must not be negative'],
    ['1.001', 'must have at most 2 decimal places'],
    [0.1 + 0.2, 'must have at most 2 decimal places'],
    ['12abc', 'must be an amount such as 19.99, as a number or a decimal string'],
    ['1e3', 'must be an amount such as 19.99, as a number or a decimal string'],
    [true, 'must be an amount such as 19.99, as a number or a decimal string'],
    ['10000000000.00', 'must be at most 9999999999.99'],
  ])('refuses the price %j: %s', async (price, message) => {
    const res = await create({ title: 'Money', price });
    expectValidation(res, 'price');
    expect(res.body.errors).toEqual({ price: [message] });
  });

  it.each([
    ['19.9', '19.90'],
    [19.99, '19.99'],
    ['0', '0.00'],
    [' 7.5 ', '7.50'],
    [1234567.89, '1234567.89'],
  ])('accepts the price %j and answers %s', async (price, shown) => {
    const res = await create({ title: 'Money', price });
    expect(res.status, res.raw).toBe(201);
    expect(res.body.data.price).toBe(shown);
  });

  it('refuses fields the operation does not know by name', async () => {
    const res = await create({ title: 'X', price: 1, slug: 'mine', colour: 'red' });
    expect(res.body.errors).toEqual({ slug: ['is not a field of this operation'], colour: ['is not a field of this operation'] });
  });

  it('refuses metafield keys without a namespace on metafields, and the app-owned and platform namespaces by key', async () => {
    const flat = await create({ title: 'X', price: 1, metafields: { flat: 1, 'specs.fabric': 'linen' } });
    expectValidation(flat, 'metafields');
    expect(flat.body.errors.metafields).toEqual(['key "flat" must be namespace.key: letters, digits, "_" or "-" in each part, at most 128 characters']);
    const owned = await create({ title: 'X', price: 1, metafields: { 'app.reviews.score': 5, 'bazaar.internal': 1, 'specs.fabric': 'linen' } });
    expectValidation(owned, 'metafields.app.reviews.score');
    expect(owned.body.errors).toEqual({
      'metafields.app.reviews.score': ['app.* namespaces belong to installed apps, each only to its own app.{slug}'],
      'metafields.bazaar.internal': ['bazaar.* is reserved for the platform'],
    });
  });

  it('refuses a category of another store, or none, on category_id', async () => {
    const foreign = await createCategory(t.database, other.store, 'Foreign');
    for (const ref of [foreign.id, foreign.pId, 'shoes']) {
      const res = await create({ title: 'X', price: 1, category_id: ref });
      expectValidation(res, 'category_id');
    }
  });

  it('refuses own stock on a product sold through active variants', async () => {
    const res = await create({ title: 'X', stock: 5, options: [{ name: 'Size', values: ['S'] }], variants: [{ option_values: { Size: 'S' }, price: 1 }] });
    expectValidation(res, 'stock');
  });

  it('refuses NUL characters in text and in metadata', async () => {
    expectValidation(await create({ title: 'A\u0000B', price: 1 }), 'title');
    expectValidation(await create({ title: 'AB', price: 1, metadata: { 'k\u0000': 1 } }), 'metadata');
  });
});

describe('POST /products options and variants', () => {
  const options = [
    { name: 'Size', values: ['S', 'M'] },
    { name: 'Color', values: ['Red'] },
  ];

  it.each([
    [{ Size: 'S' }, 'must give a value for the option "Color"'],
    [{ Size: 'XL', Color: 'Red' }, '"XL" is not a value of the option "Size" (values: S, M)'],
    [{ Size: 'S', Color: 'Red', Fit: 'Slim' }, 'names "Fit", which is not an option of the product (options: Size, Color)'],
  ])('refuses option values %j on variants.N.option_values', async (values, message) => {
    const res = await create({
      title: 'Opt',
      options,
      variants: [
        { option_values: { Size: 'M', Color: 'Red' }, price: 1 },
        { option_values: values, price: 1 },
      ],
    });
    expectValidation(res, 'variants.1.option_values');
    expect(res.body.errors).toEqual({ 'variants.1.option_values': [message] });
  });

  it('refuses a duplicate option combination', async () => {
    const res = await create({
      title: 'Dup',
      options,
      variants: [
        { option_values: { Size: 'S', Color: 'Red' }, price: 1 },
        { option_values: { Color: 'Red', Size: 'S' }, price: 2 },
      ],
    });
    expect(res.body.errors).toEqual({ 'variants.1.option_values': ['repeats the option values of variants.0'] });
  });

  it('refuses options that repeat a name or a value', async () => {
    expectValidation(
      await create({
        title: 'O',
        price: 1,
        options: [
          { name: 'Size', values: ['S'] },
          { name: 'size', values: ['M'] },
        ],
      }),
      'options',
    );
    expectValidation(await create({ title: 'O', price: 1, options: [{ name: 'Size', values: ['S', 'S'] }] }), 'options.0.values');
  });

  it('leaves no product, option, variant or event behind when a variant fails in the database', async () => {
    const before = { products: await productCount(shop), events: (await outboxOf(t.database, shop.store)).length };
    const res = await create({
      title: 'Half',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ option_values: { Size: 'S' }, price: 1, position: 2_000_000 }],
    });
    expectValidation(res, 'variants.0.position');
    expect(await productCount(shop)).toBe(before.products);
    expect((await outboxOf(t.database, shop.store)).length).toBe(before.events);
  });
});

describe('Slugs', () => {
  it('come from the title, transliterated, with the lowest free suffix', async () => {
    const slugs = [];
    for (const title of ['Crème Brûlée', 'Crème brûlée!', 'Straße & Œuvre', 'Чай зелёный', 'Κρασί', '日本茶']) {
      slugs.push((await create({ title, price: 1 })).body.data.slug);
    }
    expect(slugs).toEqual(['creme-brulee', 'creme-brulee-2', 'strasse-oeuvre', 'chai-zelenyi', 'krasi', 'product']);
  });

  it('stay reserved by deleted products', async () => {
    const first = await create({ title: 'Reserved Name', price: 1 });
    expect((await send(t.app, shop.privateKey, 'DELETE', `/products/${first.body.data.id}`)).status).toBe(200);
    const second = await create({ title: 'Reserved Name', price: 1 });
    expect(second.body.data.slug).toBe('reserved-name-2');
  });

  it('are unique per store only', async () => {
    await createProduct(t.database, other.store, { title: 'Shared', slug: 'shared-title' });
    expect((await create({ title: 'Shared Title', price: 1 })).body.data.slug).toBe('shared-title');
  });

  it('do not collide when the same title is created concurrently', async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => create({ title: 'Race Title', price: 1 })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.body.data.slug).sort()).toEqual(['race-title', 'race-title-2', 'race-title-3', 'race-title-4']);
  });
});

describe('POST /products scope', () => {
  it('answers 403 insufficient_scope without merchant-items-create, and writes nothing', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-items-update', 'merchant-items-read'] });
    const before = await productCount(shop);
    expectFailure(await create({ title: 'Nope', price: 1 }, key), 403, 'insufficient_scope');
    expect(await productCount(shop)).toBe(before);
  });
});
