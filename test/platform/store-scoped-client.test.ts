import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  App,
  AppInstallation,
  Cart,
  CollectedDefinition,
  Collection,
  Coupon,
  Customer,
  CustomerAccount,
  MetaobjectDefinition,
  Order,
  Product,
  Store,
  WebhookDelivery,
  WebhookSubscription,
} from '../../src/generated/prisma/client.js';
import { getDatamodel } from '../../src/generated/pothos-types.js';
import type { Database } from '../../src/platform/database/database.js';
import { scopeToStore, storeClientOf, type ScopedClient, type StoreDb } from '../../src/platform/database/store-scoped-client.js';
import { TenancyViolation, tenancyOf } from '../../src/platform/database/tenancy.js';
import { createProduct } from '../support/catalog.js';
import { makeStore } from '../support/stores.js';
import { openTestDatabase } from '../support/test-app.js';

type Row = Record<string, unknown> & { storeId: string };
/** The delegate operations these tests call, whatever the model. */
interface Delegate {
  findUnique(args: object): Promise<Row | null>;
  findUniqueOrThrow(args: object): Promise<Row>;
  findFirst(args: object): Promise<Row | null>;
  findMany(args?: object): Promise<Row[]>;
  count(args?: object): Promise<number>;
  aggregate(args: object): Promise<{ _count: { _all: number } }>;
  groupBy(args: object): Promise<{ storeId: string; _count: { _all: number } }[]>;
  create(args: object): Promise<Row>;
  createMany(args: object): Promise<{ count: number }>;
  createManyAndReturn(args: object): Promise<Row[]>;
  update(args: object): Promise<Row>;
  updateMany(args: object): Promise<{ count: number }>;
  updateManyAndReturn(args: object): Promise<Row[]>;
  upsert(args: object): Promise<Row>;
  delete(args: object): Promise<Row>;
  deleteMany(args: object): Promise<{ count: number }>;
}

interface Side {
  store: Store;
  product: Product;
  account: CustomerAccount;
  customer: Customer;
  collection: Collection;
  cart: Cart;
  order: Order;
  coupon: Coupon;
  installation: AppInstallation;
  collectedDefinition: CollectedDefinition;
  metaobjectDefinition: MetaobjectDefinition;
  webhookSubscription: WebhookSubscription;
  webhookDelivery: WebhookDelivery;
  /** Rows no wishlist item or collection member points at yet: those are unique per customer or collection and product. */
  spareCustomers: Customer[];
  spareCollections: Collection[];
  /** Products without a shopper price row (one per product). */
  spareProducts: Product[];
  /** Installations without a setup sheet (one per installation), and apps the store has not installed (one installation per store and app). */
  spareInstallations: AppInstallation[];
  appsNotInstalled: App[];
  /** Products without a rating tally (one per product). */
  unratedProducts: Product[];
}

/** Per store-owned model: fresh data for a row of a store (without the store), and a harmless change. */
interface ModelCase {
  model: keyof typeof tenancyOf;
  delegate: string;
  /** The primary key's field, when it is not `id`. */
  key?: string;
  fresh(side: Side): Record<string, unknown>;
  change: Record<string, unknown>;
}

let n = 0;
const next = () => (n += 1);

const cases: ModelCase[] = [
  { model: 'StoreLocale', delegate: 'storeLocale', fresh: () => ({ code: `x${next()}`, name: 'X', nativeName: 'X' }), change: { name: 'Changed' } },
  {
    model: 'ApiKey',
    delegate: 'apiKey',
    fresh: () => ({ kind: 'public', mode: 'live', secretHash: randomBytes(32).toString('hex'), prefix: 'pk_live_test', origins: ['*'], scopes: [] }),
    change: { label: 'changed' },
  },
  { model: 'Category', delegate: 'category', fresh: () => ({ slug: `c-${next()}`, name: 'C' }), change: { name: 'Changed' } },
  {
    model: 'Product',
    delegate: 'product',
    fresh: () => ({ slug: `p-${next()}`, title: 'P', price: '1.00', priceMin: '1.00', priceMax: '1.00' }),
    change: { title: 'Changed' },
  },
  {
    model: 'ShopperPrice',
    delegate: 'shopperPrice',
    key: 'productId',
    fresh: (s) => ({ productId: s.spareProducts.shift()!.id, price: '1.00', offersKey: '' }),
    change: { offersKey: 'changed' },
  },
  {
    model: 'ProductOption',
    delegate: 'productOption',
    fresh: (s) => ({ productId: s.product.id, name: `O${next()}`, values: ['a'] }),
    change: { position: 9 },
  },
  { model: 'Variant', delegate: 'variant', fresh: (s) => ({ productId: s.product.id, title: 'V', price: '1.00' }), change: { title: 'Changed' } },
  {
    model: 'ProductImage',
    delegate: 'productImage',
    fresh: (s) => ({ productId: s.product.id, url: `https://cdn.test/${next()}.jpg`, sizes: {} }),
    change: { alt: 'Changed' },
  },
  {
    model: 'Translation',
    delegate: 'translation',
    fresh: () => ({ resourceType: 'product', resourceId: randomUUID(), locale: 'fr', fields: {} }),
    change: { fields: { title: 'Changed' } },
  },
  {
    model: 'OutboxEvent',
    delegate: 'outboxEvent',
    fresh: () => ({ topic: 'products/update', payload: { id: randomUUID() } }),
    change: { publishedAt: new Date('2026-11-22T00:00:00Z') },
  },
  {
    model: 'IdempotencyRecord',
    delegate: 'idempotencyRecord',
    fresh: () => ({ key: `key-${next()}`, fingerprint: 'f'.repeat(64), expiresAt: new Date('2026-11-23T00:00:00Z') }),
    change: { responseStatus: 201 },
  },
  {
    model: 'MediaFile',
    delegate: 'mediaFile',
    fresh: () => ({ storageKey: `k/${next()}`, mimeType: 'image/png', size: 1, width: 1, height: 1, checksum: '0'.repeat(64), sizes: {} }),
    change: { alt: 'Changed' },
  },
  {
    model: 'InventoryAdjustment',
    delegate: 'inventoryAdjustment',
    fresh: (s) => ({ productId: s.product.id, delta: 1, quantityAfter: 1, reason: 'received' }),
    change: { note: 'Changed' },
  },
  { model: 'Customer', delegate: 'customer', fresh: () => ({ accountId: randomAccountId(), ordersCount: 0 }), change: { ordersCount: 3 } },
  {
    model: 'CustomerSession',
    delegate: 'customerSession',
    fresh: (s) => ({
      customerId: s.customer.id,
      familyId: randomUUID(),
      accessTokenHash: randomBytes(32).toString('hex'),
      refreshTokenHash: randomBytes(32).toString('hex'),
      accessExpiresAt: new Date('2026-11-23T00:00:00Z'),
      refreshExpiresAt: new Date('2026-12-23T00:00:00Z'),
    }),
    change: { platform: 'ios' },
  },
  {
    model: 'OtpChallenge',
    delegate: 'otpChallenge',
    fresh: () => ({ channel: 'email', destination: `a${next()}@shop.test`, codeHash: '0'.repeat(64), expiresAt: new Date('2026-11-23T00:00:00Z') }),
    change: { attempts: 1 },
  },
  {
    model: 'PasswordReset',
    delegate: 'passwordReset',
    fresh: (s) => ({ accountId: s.account.id, tokenHash: randomBytes(32).toString('hex'), expiresAt: new Date('2026-11-23T00:00:00Z') }),
    change: { usedAt: new Date('2026-11-22T00:00:00Z') },
  },
  {
    model: 'Message',
    delegate: 'message',
    fresh: () => ({ channel: 'email', recipient: `m${next()}@shop.test`, template: 'otp', text: 'Your code' }),
    change: { attempts: 1 },
  },
  { model: 'StoreFollow', delegate: 'storeFollow', fresh: () => ({ accountId: randomAccountId() }), change: { sharedContact: true } },
  {
    model: 'WishlistItem',
    delegate: 'wishlistItem',
    fresh: (s) => ({ customerId: s.spareCustomers.shift()!.id, productId: s.product.id, priceAtSave: '1.00' }),
    change: { createdAt: new Date('2026-11-22T00:00:00Z') },
  },
  { model: 'Discount', delegate: 'discount', fresh: () => ({ title: `D${next()}`, type: 'percentage', value: '10.00' }), change: { title: 'Changed' } },
  {
    model: 'Coupon',
    delegate: 'coupon',
    fresh: () => {
      const code = `CODE${next()}`;
      return { code, codeKey: code, title: 'C', discountType: 'fixed', discountValue: '5.00' };
    },
    change: { title: 'Changed' },
  },
  {
    model: 'ShippingZone',
    delegate: 'shippingZone',
    fresh: () => ({ name: `Z${next()}`, zoneType: 'national', currency: 'USD', baseRate: '5.00', minDays: 1, maxDays: 3 }),
    change: { name: 'Changed' },
  },
  { model: 'Collection', delegate: 'collection', fresh: () => ({ slug: `col-${next()}`, name: 'Col' }), change: { name: 'Changed' } },
  {
    model: 'CollectionProduct',
    delegate: 'collectionProduct',
    fresh: (s) => ({ collectionId: s.spareCollections.shift()!.id, productId: s.product.id, position: next() }),
    change: { position: 99 },
  },
  { model: 'Cart', delegate: 'cart', fresh: () => ({ source: `source-${next()}` }), change: { source: 'changed' } },
  {
    model: 'CartItem',
    delegate: 'cartItem',
    fresh: (s) => ({ cartId: s.cart.id, productId: s.product.id, quantity: 1, seenPrice: '1.00' }),
    change: { quantity: 2 },
  },
  { model: 'Order', delegate: 'order', fresh: () => anOrder(), change: { note: 'changed' } },
  { model: 'StoreCounter', delegate: 'storeCounter', fresh: () => ({ name: `counter-${next()}`, value: 1000 }), change: { value: 1001 } },
  {
    model: 'OrderItem',
    delegate: 'orderItem',
    fresh: (s) => ({
      orderId: s.order.id,
      productPId: s.product.pId,
      title: 'Line',
      quantity: 1,
      basePrice: '1.00',
      unitPrice: '1.00',
      discountedAmount: '0.00',
      total: '1.00',
      position: next(),
    }),
    change: { title: 'Changed' },
  },
  {
    model: 'OrderTimelineEntry',
    delegate: 'orderTimelineEntry',
    fresh: (s) => ({ orderId: s.order.id, status: 'placed', title: 'Placed', description: 'Placed' }),
    change: { title: 'Changed' },
  },
  {
    model: 'CouponRedemption',
    delegate: 'couponRedemption',
    fresh: (s) => ({ couponId: s.coupon.id, orderId: s.order.id, amount: '1.00' }),
    change: { customerId: null },
  },
  {
    model: 'AppInstallation',
    delegate: 'appInstallation',
    fresh: (s) => ({ appId: s.appsNotInstalled.shift()!.id, scopes: [] }),
    change: { scopes: ['read_products'] },
  },
  {
    model: 'AppSetupSheet',
    delegate: 'appSetupSheet',
    key: 'installationId',
    fresh: (s) => ({ installationId: s.spareInstallations.shift()!.id, status: 'pending', items: [] }),
    change: { status: 'complete' },
  },
  {
    model: 'AppAlert',
    delegate: 'appAlert',
    fresh: (s) => ({ installationId: s.installation.id, severity: 'info', title: 'A', message: 'M' }),
    change: { title: 'Changed' },
  },
  {
    model: 'AppRequirement',
    delegate: 'appRequirement',
    fresh: (s) => ({ installationId: s.installation.id, productId: s.product.id, prefix: `p${next()}`, position: 0 }),
    change: { position: 9 },
  },
  { model: 'CollectedDefinition', delegate: 'collectedDefinition', fresh: () => ({ type: `t${next()}`, name: 'D', fields: [] }), change: { name: 'Changed' } },
  {
    model: 'CollectedRecord',
    delegate: 'collectedRecord',
    fresh: (s) => ({ definitionId: s.collectedDefinition.id, values: {} }),
    change: { values: { note: 'Changed' } },
  },
  {
    model: 'MetafieldDefinition',
    delegate: 'metafieldDefinition',
    fresh: () => ({ ownerType: 'product', namespace: 'custom', key: `k${next()}`, name: 'M', type: 'single_line_text_field' }),
    change: { name: 'Changed' },
  },
  { model: 'MetaobjectDefinition', delegate: 'metaobjectDefinition', fresh: () => ({ type: `t${next()}`, name: 'M' }), change: { name: 'Changed' } },
  {
    model: 'Metaobject',
    delegate: 'metaobject',
    fresh: (s) => ({ definitionId: s.metaobjectDefinition.id, handle: `h${next()}` }),
    change: { fields: { title: 'Changed' } },
  },
  {
    model: 'Review',
    delegate: 'review',
    fresh: (s) => ({ productId: s.product.id, rating: 4, authorName: 'R', submittedAt: new Date() }),
    change: { title: 'Changed' },
  },
  { model: 'Question', delegate: 'question', fresh: (s) => ({ productId: s.product.id, authorName: 'Q', body: 'Why?' }), change: { body: 'Changed' } },
  {
    model: 'ProductRating',
    delegate: 'productRating',
    key: 'productId',
    fresh: (s) => ({ productId: s.unratedProducts.shift()!.id }),
    change: { stars5: 1 },
  },
  {
    model: 'WebhookSubscription',
    delegate: 'webhookSubscription',
    fresh: () => ({ topic: 'orders/paid', address: `https://hooks.example/${next()}`, sealedSecret: 'sealed' }),
    change: { address: 'https://hooks.example/changed' },
  },
  {
    model: 'WebhookDelivery',
    delegate: 'webhookDelivery',
    fresh: (s) => aDelivery(s.webhookSubscription.id),
    change: { status: 'cancelled' },
  },
  {
    model: 'WebhookAttempt',
    delegate: 'webhookAttempt',
    fresh: (s) => ({ deliveryId: s.webhookDelivery.id, attemptedAt: new Date(), latencyMs: 1, response: 'ok' }),
    change: { response: 'changed' },
  },
  { model: 'Post', delegate: 'post', fresh: () => ({ slug: `p${next()}`, title: 'P', markdown: 'x' }), change: { title: 'Changed' } },
  { model: 'StaffMember', delegate: 'staffMember', fresh: () => ({ name: 'S', email: `s${next()}@example.com`, role: 'staff' }), change: { name: 'Changed' } },
  {
    model: 'TrafficHour',
    delegate: 'trafficHour',
    fresh: () => ({ hour: new Date(Date.UTC(2026, 0, 1, next() % 24, 0, 0) + next() * 86_400_000) }),
    change: { home: 1 },
  },
  { model: 'TrafficDay', delegate: 'trafficDay', fresh: () => ({ day: new Date(Date.UTC(2026, 0, 1) + next() * 86_400_000) }), change: { visitors: 1 } },
  {
    model: 'TrafficTop',
    delegate: 'trafficTop',
    fresh: () => ({ hour: new Date(Date.UTC(2026, 0, 1)), dimension: 'referrer', value: `r${next()}.example` }),
    change: { views: 1 },
  },
];

/** A delivery's required columns, of a subscription of the same store. */
function aDelivery(subscriptionId: string) {
  return { subscriptionId, eventId: randomUUID(), eventSequence: BigInt(next()), topic: 'orders/paid', resourceKey: 'orders:x', nextAttemptAt: new Date() };
}

/** An order's required columns; the number is unique per store. */
function anOrder() {
  return {
    number: next(),
    status: 'placed',
    paymentStatus: 'pending',
    paymentMethod: 'cash',
    deliveryMethod: 'pickup',
    currency: 'USD',
    subtotal: '1.00',
    discountTotal: '0.00',
    shippingTotal: '0.00',
    taxTotal: '0.00',
    total: '1.00',
  };
}

/** Accounts are platform-wide; follows and customers need one per row (one per store and account). */
const accountIds: string[] = [];
const randomAccountId = () => accountIds.shift()!;

let database: Database;
let mine: Side;
let theirs: Side;
let db: ScopedClient;

const on = (client: unknown, c: ModelCase) => (client as Record<string, Delegate>)[c.delegate]!;
const keyOf = (c: ModelCase) => c.key ?? 'id';
/** The `where` naming one row by its primary key. */
const byKey = (c: ModelCase, row: Row) => ({ [keyOf(c)]: row[keyOf(c)] });
/** A row of the other store, written with the unscoped client. */
const theirRow = (c: ModelCase) => on(database.prisma, c).create({ data: { ...c.fresh(theirs), storeId: theirs.store.id } });
const untouched = async (c: ModelCase, row: Row) => expect(await on(database.prisma, c).findUnique({ where: byKey(c, row) })).toEqual(row);

beforeAll(async () => {
  database = await openTestDatabase();
  const anApp = () => database.prisma.app.create({ data: { slug: `app-${randomUUID()}`, name: 'App' } });
  const app = await anApp();
  const spareApps = await Promise.all(Array.from({ length: 32 }, anApp));
  const side = async (): Promise<Side> => {
    const { store } = await makeStore(database);
    const account = await database.prisma.customerAccount.create({ data: { email: `${randomUUID()}@shop.test` } });
    const install = (appId: string) => database.prisma.appInstallation.create({ data: { storeId: store.id, appId, scopes: [] } });
    return {
      store,
      product: await createProduct(database, store, { title: 'Base' }),
      account,
      customer: await database.prisma.customer.create({ data: { storeId: store.id, accountId: account.id } }),
      collection: await database.prisma.collection.create({ data: { storeId: store.id, slug: 'base', name: 'Base' } }),
      cart: await database.prisma.cart.create({ data: { storeId: store.id } }),
      order: await database.prisma.order.create({ data: { storeId: store.id, ...anOrder() } }),
      coupon: await database.prisma.coupon.create({
        data: { storeId: store.id, code: 'BASE', codeKey: 'BASE', title: 'Base', discountType: 'fixed', discountValue: '1.00' },
      }),
      spareCustomers: await Promise.all(
        Array.from({ length: 16 }, async () => {
          const { id } = await database.prisma.customerAccount.create({ data: {} });
          return database.prisma.customer.create({ data: { storeId: store.id, accountId: id } });
        }),
      ),
      spareCollections: await Promise.all(
        Array.from({ length: 16 }, (_, i) => database.prisma.collection.create({ data: { storeId: store.id, slug: `spare-${i}`, name: 'Spare' } })),
      ),
      spareProducts: await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          database.prisma.product.create({
            data: { storeId: store.id, slug: `spare-${i}`, title: 'Spare', price: '1.00', priceMin: '1.00', priceMax: '1.00' },
          }),
        ),
      ),
      installation: await install(app.id),
      collectedDefinition: await database.prisma.collectedDefinition.create({ data: { storeId: store.id, type: 'base', name: 'Base', fields: [] } }),
      metaobjectDefinition: await database.prisma.metaobjectDefinition.create({ data: { storeId: store.id, type: 'base', name: 'Base' } }),
      ...(await webhookRows(store.id)),
      spareInstallations: await Promise.all(spareApps.slice(0, 16).map((spare) => install(spare.id))),
      appsNotInstalled: spareApps.slice(16),
      unratedProducts: await Promise.all(Array.from({ length: 16 }, (_, i) => createProduct(database, store, { title: `Unrated ${i}` }))),
    };
  };
  async function webhookRows(storeId: string) {
    const webhookSubscription = await database.prisma.webhookSubscription.create({
      data: { storeId, topic: 'orders/paid', address: 'https://hooks.example/base', sealedSecret: 'sealed' },
    });
    const webhookDelivery = await database.prisma.webhookDelivery.create({ data: { storeId, ...aDelivery(webhookSubscription.id) } });
    return { webhookSubscription, webhookDelivery };
  }
  for (let i = 0; i < 60; i++) accountIds.push((await database.prisma.customerAccount.create({ data: {} })).id);
  [mine, theirs] = [await side(), await side()];
  db = scopeToStore(database.prisma, mine.store.id);
});
afterAll(() => database.close());

describe('which models a store owns', () => {
  const models = getDatamodel().datamodel.models;

  it('is every model with a storeId, and each of them has one', () => {
    const withStoreId = Object.keys(models).filter((name) => models[name]!.fields.some((f) => f.name === 'storeId'));
    const owned = Object.entries(tenancyOf)
      .filter(([, tenancy]) => tenancy === 'owned')
      .map(([name]) => name);
    expect(owned.sort()).toEqual(withStoreId.sort());
  });

  it('is covered by these tests, model by model', () => {
    const owned = Object.keys(tenancyOf).filter((name) => tenancyOf[name as keyof typeof tenancyOf] === 'owned');
    expect(cases.map((c) => c.model).sort()).toEqual(owned.sort());
  });

  it('leaves no way to pass the unscoped client where a store’s client is asked for', () => {
    // @ts-expect-error the unscoped client lacks the store's $storeId
    const wrong: StoreDb = database.prisma;
    expect(wrong).toBe(database.prisma);
    expect(db.$storeId).toBe(mine.store.id);
  });
});

describe('a store’s client, reused across requests', () => {
  it('is built once per store and stays bound to its own store', async () => {
    const first = storeClientOf(database.prisma, mine.store.id);
    expect(storeClientOf(database.prisma, mine.store.id)).toBe(first);
    const other = storeClientOf(database.prisma, theirs.store.id);
    expect(other).not.toBe(first);
    expect([first.$storeId, other.$storeId]).toEqual([mine.store.id, theirs.store.id]);
    // Named by title: each store also holds the spare products of the ShopperPrice case.
    expect(await first.product.findMany({ where: { title: 'Base' }, select: { id: true } })).toEqual([{ id: mine.product.id }]);
    expect(await other.product.findMany({ where: { title: 'Base' }, select: { id: true } })).toEqual([{ id: theirs.product.id }]);
  });
});

describe.each(cases)('$model through one store’s client', (c) => {
  it('reads and counts only that store’s rows; another store’s answer as absent', async () => {
    const row = await theirRow(c);
    const delegate = on(db, c);
    expect(await delegate.findUnique({ where: byKey(c, row) })).toBeNull();
    await expect(delegate.findUniqueOrThrow({ where: byKey(c, row) })).rejects.toMatchObject({ code: 'P2025' });
    expect(await delegate.findFirst({ where: byKey(c, row) })).toBeNull();
    expect(await delegate.findFirst({ where: { storeId: theirs.store.id } })).toBeNull();
    expect(await delegate.findMany({ where: byKey(c, row) })).toEqual([]);
    expect(await delegate.count({ where: byKey(c, row) })).toBe(0);

    const ownCount = await on(database.prisma, c).count({ where: { storeId: mine.store.id } });
    const all = await delegate.findMany();
    expect(all.length).toBe(ownCount);
    expect(all.every((r) => r.storeId === mine.store.id)).toBe(true);
    expect(await delegate.count()).toBe(ownCount);
    expect((await delegate.aggregate({ _count: { _all: true } }))._count._all).toBe(ownCount);
    const groups = await delegate.groupBy({ by: ['storeId'], _count: { _all: true } });
    expect(groups.map((g) => ({ storeId: g.storeId, count: g._count._all }))).toEqual(ownCount ? [{ storeId: mine.store.id, count: ownCount }] : []);
  });

  it('updates and deletes only that store’s rows', async () => {
    const row = await theirRow(c);
    const delegate = on(db, c);
    await expect(delegate.update({ where: byKey(c, row), data: c.change })).rejects.toMatchObject({ code: 'P2025' });
    expect(await delegate.updateMany({ where: byKey(c, row), data: c.change })).toEqual({ count: 0 });
    expect(await delegate.updateManyAndReturn({ where: byKey(c, row), data: c.change })).toEqual([]);
    await expect(delegate.delete({ where: byKey(c, row) })).rejects.toMatchObject({ code: 'P2025' });
    expect(await delegate.deleteMany({ where: byKey(c, row) })).toEqual({ count: 0 });
    await untouched(c, row);

    const own = await delegate.create({ data: c.fresh(mine) });
    expect(await delegate.update({ where: byKey(c, own), data: c.change })).toMatchObject(c.change);
    expect(await delegate.deleteMany({ where: byKey(c, own) })).toEqual({ count: 1 });
  });

  it('upserts as if another store’s row were absent: a new row of its own, theirs untouched', async () => {
    const row = await theirRow(c);
    const created = await on(db, c).upsert({ where: byKey(c, row), create: c.fresh(mine), update: c.change });
    expect(created[keyOf(c)]).not.toBe(row[keyOf(c)]);
    expect(created.storeId).toBe(mine.store.id);
    await untouched(c, row);
  });

  it('fills in the store on every create', async () => {
    const delegate = on(db, c);
    expect((await delegate.create({ data: c.fresh(mine) })).storeId).toBe(mine.store.id);
    const returned = await delegate.createManyAndReturn({ data: [c.fresh(mine), c.fresh(mine)] });
    expect(returned.map((r) => r.storeId)).toEqual([mine.store.id, mine.store.id]);
    const before = await delegate.count();
    expect(await delegate.createMany({ data: [c.fresh(mine)] })).toEqual({ count: 1 });
    expect(await delegate.count()).toBe(before + 1);
    expect((await delegate.create({ data: { ...c.fresh(mine), storeId: mine.store.id } })).storeId).toBe(mine.store.id);
  });

  it('refuses a write that names another store, and writes nothing', async () => {
    const delegate = on(db, c);
    const before = await on(database.prisma, c).count({ where: { storeId: theirs.store.id } });
    const elsewhere = { ...c.fresh(mine), storeId: theirs.store.id };
    await expect(delegate.create({ data: elsewhere })).rejects.toBeInstanceOf(TenancyViolation);
    await expect(delegate.createMany({ data: [c.fresh(mine), elsewhere] })).rejects.toBeInstanceOf(TenancyViolation);
    await expect(delegate.createManyAndReturn({ data: [elsewhere] })).rejects.toBeInstanceOf(TenancyViolation);
    await expect(delegate.create({ data: { ...c.fresh(mine), store: { connect: { id: theirs.store.id } } } })).rejects.toBeInstanceOf(TenancyViolation);
    await expect(delegate.upsert({ where: { [keyOf(c)]: randomUUID() }, create: elsewhere, update: c.change })).rejects.toBeInstanceOf(TenancyViolation);
    expect(await on(database.prisma, c).count({ where: { storeId: theirs.store.id } })).toBe(before);

    const own = await delegate.create({ data: c.fresh(mine) });
    await expect(delegate.update({ where: byKey(c, own), data: { storeId: theirs.store.id } })).rejects.toBeInstanceOf(TenancyViolation);
    await expect(delegate.updateMany({ where: {}, data: { storeId: { set: theirs.store.id } } })).rejects.toBeInstanceOf(TenancyViolation);
    expect((await on(database.prisma, c).findUnique({ where: byKey(c, own) }))?.storeId).toBe(mine.store.id);
  });
});

describe('the store itself through its own client', () => {
  it('is the only store there is', async () => {
    expect((await db.store.findMany()).map((s) => s.id)).toEqual([mine.store.id]);
    expect(await db.store.count()).toBe(1);
    expect(await db.store.findUnique({ where: { slug: mine.store.slug } })).toMatchObject({ id: mine.store.id });
    expect(await db.store.findUnique({ where: { slug: theirs.store.slug } })).toBeNull();
    expect(await db.store.findUnique({ where: { id: theirs.store.id } })).toBeNull();
  });

  it('changes only itself, and creates no store', async () => {
    await expect(db.store.update({ where: { id: theirs.store.id }, data: { name: 'Taken' } })).rejects.toMatchObject({ code: 'P2025' });
    expect(await db.store.updateMany({ data: { slogan: 'Ours' } })).toEqual({ count: 1 });
    expect((await database.prisma.store.findUniqueOrThrow({ where: { id: theirs.store.id } })).name).toBe(theirs.store.name);
    await expect(db.store.deleteMany({ where: { id: theirs.store.id } })).resolves.toEqual({ count: 0 });
    await expect(db.store.create({ data: { name: 'New', slug: `new-${randomUUID().slice(0, 8)}` } })).rejects.toBeInstanceOf(TenancyViolation);
  });

  it('reaches related rows only through its own store', async () => {
    const withProducts = await db.store.findMany({ include: { products: { select: { storeId: true } } } });
    expect(withProducts.flatMap((s) => s.products).every((p) => p.storeId === mine.store.id)).toBe(true);
  });
});

describe('what no store owns', () => {
  it('is refused: server settings and raw SQL', async () => {
    await expect(db.serverSetting.findMany()).rejects.toBeInstanceOf(TenancyViolation);
    await expect(db.$queryRaw`SELECT 1`).rejects.toBeInstanceOf(TenancyViolation);
    await expect(db.$executeRawUnsafe('DELETE FROM "Product"')).rejects.toBeInstanceOf(TenancyViolation);
  });
});

describe('what the scope costs', () => {
  const statementsOf = async (run: () => Promise<unknown>) => {
    const before = database.statementCount();
    await run();
    return database.statementCount() - before;
  };

  it('adds no SQL statement: a read costs what the unscoped read costs, a refused write costs none', async () => {
    expect(await statementsOf(() => db.product.findMany({ take: 5 }))).toBe(1);
    expect(await statementsOf(() => database.prisma.product.findMany({ where: { storeId: mine.store.id }, take: 5 }))).toBe(1);
    const refused = db.category.create({ data: { storeId: theirs.store.id, slug: `r-${next()}`, name: 'R' } });
    expect(await statementsOf(() => refused.catch(() => null))).toBe(0);
  });
});

describe('inside an interactive transaction', () => {
  it('stays scoped to the store', async () => {
    const row = await theirRow(cases[3]!);
    await db.$transaction(async (tx) => {
      expect(tx.$storeId).toBe(mine.store.id);
      expect(await tx.product.findUnique({ where: { id: String(row.id) } })).toBeNull();
      const data = { storeId: mine.store.id, slug: `tx-${next()}`, title: 'T', price: '1', priceMin: '1', priceMax: '1' };
      expect((await tx.product.create({ data })).storeId).toBe(mine.store.id);
    });
  });
});
