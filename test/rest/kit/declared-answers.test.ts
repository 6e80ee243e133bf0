import { addStaffMember } from '../../../src/domain/team/manage-team.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestRoute } from '../../../src/rest/kit/route.js';
import { MERCHANT_PREFIX, merchantRoutes } from '../../../src/rest/merchant/routes.js';
import { STOREFRONT_PREFIX, storefrontRoutes } from '../../../src/rest/storefront/routes.js';
import { createCategory, createProduct } from '../../support/catalog.js';
import { call, get } from '../../support/http.js';
import { multipartBody, picture } from '../../support/media-fixtures.js';
import { signInCustomer } from '../../support/customers.js';
import { installTestApp } from '../../support/apps.js';
import { addQuestion, addReview } from '../../support/reviews.js';
import { checkoutCart } from '../../support/orders.js';
import { makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { startReceiver, type Receiver } from '../../support/webhooks.js';

// Every route documents its success answer in OpenAPI; these calls hold each real answer to that
// declaration (strict objects: a field missing or extra fails), on a catalogue with every shape.

let t: TestApp;
let receiver: Receiver;
let shop: TestStore;
type MultipartParts = Parameters<typeof multipartBody>[0];
/** A GET path, or a call with its JSON or multipart body and the headers it needs (a customer's bearer token). */
type Sample =
  string | { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body?: unknown; multipart?: MultipartParts; headers?: Record<string, string> };
let samples: Record<string, Sample[]>;

beforeAll(async () => {
  // Webhook subscriptions name a receiver the outbound guard lets through: this loopback one (as
  // https, which a live store requires; no sample delivers to it).
  receiver = await startReceiver();
  t = await startTestApp({ MEDIA_FETCH_ALLOW: receiver.hostPort });
  shop = await makeStore(t.database, { locales: ['en', 'fr'] });
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { storefrontUrl: 'https://shop.example', logoUrl: 'https://cdn.test/logo.png' } });
  const shoes = await createCategory(t.database, shop.store, 'Shoes');
  const boot = await createProduct(t.database, shop.store, {
    title: 'Boot',
    category: shoes,
    images: 2,
    compareAtPrice: '99.00',
    options: { Size: ['40', '41'] },
    variants: [
      { title: '40', optionValues: { Size: '40' }, price: '80.00', compareAtPrice: '95.00' },
      { title: '41', optionValues: { Size: '41' }, price: '85.00', isActive: false },
    ],
    translations: { fr: { title: 'Botte' } },
  });
  const bare = await createProduct(t.database, shop.store, { title: 'Bare', images: 0, trackInventory: false });
  // Sold as itself throughout: the variant samples give `bare` a variant.
  const stocked = await createProduct(t.database, shop.store, { title: 'Stocked' });
  const doomed = await createProduct(t.database, shop.store, { title: 'Doomed' });
  const [size40, size41] = await t.database.prisma.variant.findMany({ where: { productId: boot.id }, orderBy: { position: 'asc' } });
  const bootImages = await t.database.prisma.productImage.findMany({ where: { productId: boot.id }, orderBy: { position: 'asc' } });
  const png = await picture(640, 320);
  const uploaded = await call(t.app, {
    method: 'POST',
    url: `${MERCHANT_PREFIX}/files`,
    key: shop.privateKey,
    ...(await multipartBody({ file: { filename: 'a.png', type: 'image/png', data: png } })),
  });
  const file = uploaded.body.data as { id: number };
  // Boot's second image shows that file, so `{image}` (a media id) can name it.
  await t.database.prisma.productImage.update({ where: { id: bootImages[1]!.id }, data: { fileId: file.id } });
  const shopper = await signInCustomer(t.database, shop.store);
  await t.database.prisma.storeFollow.create({ data: { storeId: shop.store.id, accountId: shopper.account.id, customerId: shopper.customer.id } });
  await t.database.prisma.wishlistItem.create({ data: { storeId: shop.store.id, customerId: shopper.customer.id, productId: boot.id, priceAtSave: '80.00' } });
  const leaving = await signInCustomer(t.database, shop.store);
  const leavingAll = await signInCustomer(t.database, shop.store);
  const refreshing = await signInCustomer(t.database, shop.store);
  const addressOwner = await signInCustomer(t.database, shop.store);
  const [doomedAddress, otherAddress] = await Promise.all(
    ['Old', 'Work'].map((label) =>
      t.database.prisma.savedAddress.create({ data: { accountId: addressOwner.account.id, label, address: 'x', lat: 1, lng: 1, isDefault: label === 'Old' } }),
    ),
  );
  // A review with the store's reply and one without, an import, and an answered question: every review and question shape.
  const replied = await addReview(t.database, shop.store, boot, { rating: 5, title: 'Warm', body: 'Dry feet all winter.', status: 'approved' });
  await t.database.prisma.review.update({ where: { id: replied.id }, data: { reply: 'Thank you!', repliedAt: new Date() } });
  await addReview(t.database, shop.store, boot, { rating: 3, source: 'judge', status: 'approved' });
  await addQuestion(t.database, shop.store, boot, 'Do they run large?', 'True to size.');
  const wisher = await signInCustomer(t.database, shop.store);
  await t.database.prisma.wishlistItem.createMany({
    data: [boot, stocked].map((p) => ({ storeId: shop.store.id, customerId: wisher.customer.id, productId: p.id, priceAtSave: '5.00' })),
  });
  const post = (path: string, body: unknown) =>
    call(t.app, {
      method: 'POST',
      url: `${STOREFRONT_PREFIX}${path}`,
      key: shop.publicKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const cartSession = { 'x-cart-session': 'declared-answers-cart' };
  const cartBody = {
    vendor_id: shop.store.id,
    cart_items: [
      { item_id: stocked.id, quantity: 2 },
      { item_id: boot.id, variant_id: size40!.id, quantity: 1 },
    ],
  };
  const savedCart = await call(t.app, {
    method: 'POST',
    url: `${STOREFRONT_PREFIX}/store/cart`,
    key: shop.publicKey,
    headers: { 'content-type': 'application/json', ...cartSession },
    payload: JSON.stringify(cartBody),
  });
  const cartId = (savedCart.body.data as { id: string }).id;
  const codeFor = async (email: string) => {
    await (email.includes('@') ? post('/auth/email/request-otp', { email }) : post('/auth/phone/request-otp', { phone: email, country_code: 'US' }));
    const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email.includes('@') ? email : `+1${email}`, template: 'otp' } });
    return /code is (\d{6})/.exec(message.text!)![1]!;
  };
  await signInCustomer(t.database, shop.store, { phone: '+12015550161' });
  const phoneSignInCode = await codeFor('2015550161');
  const phoneRegisterCode = await codeFor('2015550162');
  await signInCustomer(t.database, shop.store, { email: 'resetting@example.com' });
  await post('/auth/email/forgot-password', { email: 'resetting@example.com' });
  const resetMail = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: 'resetting@example.com', template: 'password_reset' } });
  const resetToken = /(bzp_[A-Za-z0-9_-]+)/.exec(resetMail.text!)![1]!;
  const verifyCode = await codeFor('verifying@example.com');
  const verifiedToken = (await post('/auth/email/verify-otp', { email: 'registering@example.com', otp_code: await codeFor('registering@example.com') })).body
    .data.verified_token as string;
  const specsA = await t.database.prisma.metafieldDefinition.create({
    data: {
      storeId: shop.store.id,
      ownerType: 'product',
      namespace: 'specs',
      key: 'a',
      name: 'A',
      type: 'text',
      validations: [{ name: 'max_length', value: 10 }],
    },
  });
  const swatch = await t.database.prisma.metaobjectDefinition.create({
    data: {
      storeId: shop.store.id,
      type: 'swatch',
      name: 'Swatch',
      displayField: 'label',
      storefrontVisible: true,
      fields: [{ key: 'label', name: 'Label', type: 'text', required: true, validations: [] }],
    },
  });
  const red = await t.database.prisma.metaobject.create({ data: { storeId: shop.store.id, definitionId: swatch.id, handle: 'red', fields: { label: 'Red' } } });
  const sale = await t.database.prisma.discount.create({
    data: { storeId: shop.store.id, title: 'Sale', type: 'percentage', value: '10', productIds: [boot.id], validUntil: new Date('2030-01-01T00:00:00Z') },
  });
  await t.database.prisma.coupon.create({
    data: {
      storeId: shop.store.id,
      code: 'Listed',
      codeKey: 'LISTED',
      title: 'Listed',
      discountType: 'fixed',
      discountValue: '5',
      expiresAt: new Date('2020-01-01T00:00:00Z'),
    },
  });
  // A live automatic discount on the boot and a live promotion: cards, detail, store info and the promotion list show their shapes.
  await t.database.prisma.discount.createMany({
    data: [
      { storeId: shop.store.id, title: 'Boot week', type: 'fixed', value: '5.00', productIds: [boot.id], isPublished: true },
      {
        storeId: shop.store.id,
        kind: 'promotion',
        title: 'Spring',
        type: 'percentage',
        value: '15',
        isPublished: true,
        validUntil: new Date('2099-01-01T00:00:00Z'),
      },
    ],
  });
  const chicago = { label: 'Office', address: '1 N State St, Chicago', lat: 41.8781, lng: -87.6298 };
  const buyer = await signInCustomer(t.database, shop.store);
  const bearer = (path: string, body: unknown) =>
    call(t.app, {
      method: 'POST',
      url: `${STOREFRONT_PREFIX}${path}`,
      key: shop.publicKey,
      headers: { 'content-type': 'application/json', ...buyer.auth },
      payload: JSON.stringify(body),
    });
  await bearer('/store/cart', { vendor_id: shop.store.id, cart_items: [{ item_id: stocked.id, quantity: 1 }] });
  const unpaid = (await bearer('/store/checkout', { delivery_method: 'delivery', address: chicago, payment_method: 'online' })).body.data as {
    id: string;
    order_no: string;
  };
  const unpaidOrder = await t.database.prisma.order.findUniqueOrThrow({ where: { uid: unpaid.id } });
  // A cash delivery order for the merchant's writes: confirmed, then shipped, then given a rider.
  const fulfilling = await checkoutCart(t.app, shop, buyer.auth, [{ item_id: stocked.id, quantity: 1 }], { address: chicago, payment_method: 'cash' });
  const subscribe = async (topic: string) => {
    const res = await call(t.app, {
      method: 'POST',
      url: `${MERCHANT_PREFIX}/webhooks`,
      key: shop.privateKey,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ topic, address: `https://${receiver.hostPort}/hooks` }),
    });
    expect(res.status, res.raw).toBe(201);
    return (res.body as { data: { id: string } }).data.id;
  };
  const hook = await subscribe('orders/create');
  const unhooked = await subscribe('orders/updated');
  const orderCreated = await t.database.prisma.outboxEvent.findFirstOrThrow({ where: { storeId: shop.store.id, topic: 'orders/create' } });
  // A customer who received the stocked product, so may review it.
  const reviewer = await signInCustomer(t.database, shop.store);
  await t.database.prisma.order.create({
    data: {
      storeId: shop.store.id,
      customerId: reviewer.customer.id,
      number: 9001,
      status: 'delivered',
      paymentStatus: 'paid',
      paymentMethod: 'cash',
      deliveryMethod: 'pickup',
      currency: 'USD',
      subtotal: '1.00',
      discountTotal: '0.00',
      shippingTotal: '0.00',
      taxTotal: '0.00',
      total: '1.00',
      items: {
        create: [
          {
            storeId: shop.store.id,
            productId: stocked.id,
            productPId: stocked.pId,
            title: 'Line',
            quantity: 1,
            basePrice: '1.00',
            unitPrice: '1.00',
            discountedAmount: '0.00',
            total: '1.00',
            position: 0,
          },
        ],
      },
    },
  });
  const checkoutSession = { 'x-cart-session': 'declared-answers-checkout' };
  await call(t.app, {
    method: 'POST',
    url: `${STOREFRONT_PREFIX}/store/cart`,
    key: shop.publicKey,
    headers: { 'content-type': 'application/json', ...checkoutSession },
    payload: JSON.stringify({ vendor_id: shop.store.id, cart_items: [{ item_id: stocked.id, quantity: 1 }] }),
  });
  const app = await installTestApp(t.database, shop.store, [
    'merchant-app_setup-update',
    'merchant-app_alerts-create',
    'merchant-app-requirements-write',
    'merchant-collected-definitions-manage',
    'merchant-collected-records-submit',
    'merchant-reviews-import',
    'merchant-reviews-read',
  ]);
  const appCaller = { 'x-client-key': app.key };
  const typePrefix = `app_${app.appSlug}_${app.id}`;
  const definition = (
    await call(t.app, {
      method: 'POST',
      url: `${MERCHANT_PREFIX}/collected-definitions`,
      key: app.key,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: `${typePrefix}_leads`, name: 'Leads', fields: [{ key: 'email', name: 'Email', type: 'email', required: true }] }),
    })
  ).body.data as { p_id: number; type: string };
  const coverFile = await t.database.prisma.mediaFile.findUniqueOrThrow({ where: { id: file.id } });
  const postRow = (slug: string, extra: Record<string, unknown> = {}) => ({
    storeId: shop.store.id,
    slug,
    title: slug,
    markdown: '# Hello\n\nSome words.',
    tags: ['boots'],
    categoryNames: ['News'],
    categorySlugs: ['news'],
    status: 'published',
    publishedAt: new Date('2026-01-01T00:00:00Z'),
    ...extra,
  });
  await t.database.prisma.post.createMany({
    data: [
      postRow('covered', { coverImageUrl: 'https://cdn.test/cover.png', coverImageSizes: coverFile.sizes as object, excerpt: 'Short', authorName: 'Ann' }),
      postRow('bare-post', { tags: [], categoryNames: [], categorySlugs: [] }),
      postRow('draft-post', { status: 'draft', publishedAt: null }),
      postRow('edited-post'),
      postRow('doomed-post'),
    ],
  });
  await t.database.prisma.translation.create({
    data: {
      storeId: shop.store.id,
      resourceType: 'post',
      resourceId: (await t.database.prisma.post.findFirstOrThrow({ where: { slug: 'covered' } })).id,
      locale: 'fr',
      fields: { title: 'Couverte' },
    },
  });
  samples = {
    'GET /store/posts': ['/store/posts', '/store/posts?tag=boots&per_page=1', '/store/posts?category=news&page=2&limit=1&locale=fr'],
    'GET /store/posts/:slug': ['/store/posts/covered', '/store/posts/bare-post?locale=fr'],
    'GET /posts': ['/posts', '/posts?status=draft&limit=1', '/posts?search=cover&tag=boots&category=NEWS'],
    'POST /posts': [
      { method: 'POST', path: '/posts', body: { title: 'Sampled post', markdown: 'Body' } },
      {
        method: 'POST',
        path: '/posts',
        body: {
          title: 'Full',
          slug: 'full-sample',
          markdown: '*x*',
          excerpt: 'e',
          tags: ['a'],
          categories: ['B'],
          status: 'published',
          published_at: '2026-02-01T00:00:00Z',
          seo_title: 's',
          seo_description: 'd',
          author_name: 'Al',
        },
      },
    ],
    'PATCH /posts/:post': [{ method: 'PATCH', path: '/posts/edited-post', body: { title: 'Edited', status: 'draft' } }],
    'DELETE /posts/:post': [{ method: 'DELETE', path: '/posts/doomed-post' }],
    'GET /locales': ['/locales'],
    'POST /locales': [{ method: 'POST', path: '/locales', body: { code: 'de', published: true } }],
    'PATCH /locales/:locale': [{ method: 'PATCH', path: '/locales/de', body: { published: false } }],
    'DELETE /locales/:locale': [{ method: 'DELETE', path: '/locales/de' }],
    'GET /translatable-resources': ['/translatable-resources?type=product', '/translatable-resources?type=variant&limit=1'],
    'GET /translatable-resources/:type/:id': [`/translatable-resources/product/${boot.id}`, `/translatable-resources/variant/${size41!.id}`],
    'PUT /translations/:type/:id': [
      { method: 'PUT', path: `/translations/product/${boot.id}`, body: { locale: 'fr', fields: { title: 'Botte', description: 'Une botte' } } },
    ],
    'DELETE /translations/:type/:id': [{ method: 'DELETE', path: `/translations/product/${boot.id}?locale=fr&keys=description` }],
    // A team of two and a day of traffic, written as a flush writes it.
    ...(await (async () => {
      const operator = { db: t.database.prisma, now: new Date() };
      await addStaffMember(operator, { store: shop.store.slug, name: 'Ada', email: 'ada@shop.example', role: 'owner', phone: '+14155550161' });
      await addStaffMember(operator, { store: shop.store.slug, name: 'Bo', email: 'bo@shop.example', role: 'support' });
      const hour = new Date('2026-03-02T10:00:00Z');
      await t.database.prisma.trafficHour.create({ data: { storeId: shop.store.id, hour, home: 3, product: 5, collection: 1, post: 2, visitors: 4 } });
      await t.database.prisma.trafficDay.create({ data: { storeId: shop.store.id, day: new Date('2026-03-02'), visitors: 4 } });
      await t.database.prisma.trafficTop.createMany({
        data: [
          { storeId: shop.store.id, hour, dimension: 'product', value: boot.id, views: 5 },
          { storeId: shop.store.id, hour, dimension: 'referrer', value: 'news.example', views: 2 },
        ],
      });
      return {
        'GET /team-directory': ['/team-directory'],
        'GET /analytics/traffic': [
          '/analytics/traffic',
          '/analytics/traffic?from=2026-03-01&to=2026-03-03',
          '/analytics/traffic?from=2026-03-02T08:00:00Z&to=2026-03-02T12:00:00Z&granularity=hour',
        ],
      };
    })()),
    'GET /store/promotions': ['/store/promotions', '/store/promotions?sort=ending_soon&per_page=1', '/store/promotions?keyword=spring&sort=newest'],
    'GET /store/products/:slug/related': [`/store/products/${boot.slug}/related`, `/store/products/${bare.slug}/related?locale=fr`],
    'GET /store/products/:slug/reviews': [`/store/products/${boot.slug}/reviews`, `/store/products/${boot.slug}/reviews?page=1&verified_only=1`],
    'GET /store/products/:slug/reviews/summary': [`/store/products/${boot.slug}/reviews/summary`, `/store/products/${bare.slug}/reviews/summary`],
    'GET /store/products/:slug/questions': [`/store/products/${boot.slug}/questions`],
    'POST /store/products/:slug/reviews': [
      { method: 'POST', path: `/store/products/${stocked.slug}/reviews`, headers: reviewer.auth, body: { rating: 4, title: 'Good', author_name: 'Rae' } },
    ],
    'POST /store/products/:slug/questions': [
      { method: 'POST', path: `/store/products/${stocked.slug}/questions`, headers: reviewer.auth, body: { question: 'Gift wrap?', author_name: 'Rae' } },
    ],
    'DELETE /store/products/:slug/reviews/mine': [{ method: 'DELETE', path: `/store/products/${stocked.slug}/reviews/mine`, headers: reviewer.auth }],
    'GET /store/info': ['/store/info'],
    'GET /store/locales': ['/store/locales'],
    'GET /store/products': ['/store/products', '/store/products?per_page=1', '/store/products?locale=fr&sort=price_high'],
    'GET /store/products/:slug': [`/store/products/${boot.slug}`, `/store/products/${bare.slug}?locale=fr`],
    'GET /store': ['/store'],
    'GET /products': ['/products', `/products?updated_after=2020-01-01T00:00:00Z`],
    'GET /products/:product': [`/products/${boot.pId}`, `/products/${bare.id}`],
    'POST /products': [
      { method: 'POST', path: '/products', body: { title: 'Sampled', price: '5.00' } },
      {
        method: 'POST',
        path: '/products',
        body: {
          title: 'Sampled Full',
          category_id: shoes.id,
          metadata: { a: 1 },
          metafields: { 'specs.a': 'b' },
          options: [{ name: 'Size', values: ['S'] }],
          variants: [{ option_values: { Size: 'S' }, price: 3, weight: 0.5, backorder_ready_date: '2026-05-01' }],
        },
      },
    ],
    'PUT /products/:product': [{ method: 'PUT', path: `/products/${bare.pId}`, body: { title: 'Bare Again', compare_at_price: null } }],
    'DELETE /products/:product': [{ method: 'DELETE', path: `/products/${doomed.id}` }],
    'POST /products/publish': [{ method: 'POST', path: '/products/publish', body: { ids: [bare.pId, boot.id], published: true } }],
    'GET /files': ['/files', '/files?limit=1'],
    'POST /files': [{ method: 'POST', path: '/files', multipart: { file: { filename: 'wide.png', type: 'image/png', data: png }, alt: 'Wide' } }],
    'GET /products/:product/images': [`/products/${boot.pId}/images`, `/products/${boot.id}/images?limit=1`],
    'POST /products/:product/images': [{ method: 'POST', path: `/products/${boot.id}/images`, body: { media_id: file.id, primary: false } }],
    'PATCH /products/:product/images/:image': [{ method: 'PATCH', path: `/products/${boot.id}/images/${file.id}`, body: { primary: true } }],
    'DELETE /products/:product/images/:image': [{ method: 'DELETE', path: `/products/${boot.id}/images/primary` }],
    'GET /products/:product/variants': [`/products/${boot.pId}/variants`, `/products/${boot.id}/variants?limit=1`],
    'POST /products/:product/variants': [{ method: 'POST', path: `/products/${bare.id}/variants`, body: { option_values: {}, price: 4 } }],
    'PATCH /products/:product/variants/:variant': [{ method: 'PATCH', path: `/products/${boot.id}/variants/${size41!.pId}`, body: { stock: 2 } }],
    'DELETE /products/:product/variants/:variant': [{ method: 'DELETE', path: `/products/${boot.id}/variants/${size40!.id}` }],
    'GET /inventory': ['/inventory', '/inventory?in_stock=1&limit=1'],
    'GET /inventory/levels': ['/inventory/levels', `/inventory/levels?product=${boot.pId}&limit=1`],
    'POST /inventory/levels/adjustments': [
      {
        method: 'POST',
        path: '/inventory/levels/adjustments',
        body: { product: boot.pId, variant: size41!.pId, delta: 2, reason: 'received', reference: 'PO-1', note: 'dock 3' },
      },
      { method: 'POST', path: '/inventory/levels/adjustments', body: { product: stocked.id, set: 4, reason: 'cycle_count' } },
    ],
    'POST /inventory/adjustments': [
      {
        method: 'POST',
        path: '/inventory/adjustments',
        body: {
          items: [
            { product: boot.pId, variant: size41!.id, delta: -1, reason: 'sold' },
            { product: stocked.pId, delta: 1, reason: 'returned' },
          ],
        },
      },
    ],
    'GET /inventory/adjustments': ['/inventory/adjustments', '/inventory/adjustments?reason=initial'],
    'GET /inventory/products/:product/history': [`/inventory/products/${boot.pId}/history`, `/inventory/products/${bare.id}/history?limit=1`],
    // Collections and promotion products: a manual collection with a child, a smart one, and a live promotion.
    ...(await (async () => {
      const db = t.database.prisma;
      const shelf = await db.collection.create({
        data: {
          storeId: shop.store.id,
          slug: 'sampled-shelf',
          name: 'Shelf',
          imageUrl: 'https://cdn.test/shelf.jpg',
          imageSizes: bootImages[0]!.sizes as object,
        },
      });
      await db.collection.create({
        data: {
          storeId: shop.store.id,
          slug: 'sampled-smart',
          name: 'Smart',
          mode: 'smart',
          parentId: shelf.id,
          rules: { match: 'all', rules: [{ kind: 'in_stock', value: true }] },
        },
      });
      await db.collectionProduct.createMany({
        data: [boot, stocked].map((p, position) => ({ storeId: shop.store.id, collectionId: shelf.id, productId: p.id, position })),
      });
      await db.productOption.updateMany({ where: { productId: boot.id }, data: { colorCodes: { '40': '#000000' } } });
      const promo = await db.discount.create({
        data: {
          storeId: shop.store.id,
          kind: 'promotion',
          title: 'Promo',
          type: 'percentage',
          value: '5',
          isPublished: true,
          validUntil: new Date('2030-01-01T00:00:00Z'),
        },
      });
      return {
        'GET /store/collections': ['/store/collections', '/store/collections?include_empty=true&mode=manual&locale=fr'],
        'GET /store/collections/:collection/products': [
          '/store/collections/sampled-shelf/products',
          `/store/collections/${shelf.id}/products?per_page=1&sort=in_stock`,
        ],
        'GET /store/promotions/:promotion/products': [
          `/store/promotions/${promo.id}/products`,
          `/store/promotions/${promo.pId}/products?attributes[]=size:40&page=1`,
        ],
        'GET /collections': ['/collections', '/collections?limit=1'],
        'POST /collections/bulk': [
          {
            method: 'POST',
            path: '/collections/bulk',
            body: {
              collections: [
                { name: 'Bulk', slug: 'sampled-bulk', product_ids: [boot.id] },
                { name: 'Shelf', slug: 'sampled-shelf', parent_slug: 'sampled-bulk' },
              ],
            },
          },
        ],
        'POST /collections/:collection/products/pin': [
          { method: 'POST', path: '/collections/sampled-shelf/products/pin', body: { product_ids: [stocked.pId] } },
        ],
        'POST /collections/:collection/products/reorder': [
          { method: 'POST', path: `/collections/${shelf.pId}/products/reorder`, body: { product_ids: [stocked.id] } },
        ],
      } satisfies Record<string, Sample[]>;
    })()),
    'GET /discounts': ['/discounts', '/discounts?kind=promotion&limit=1', '/discounts?search=Sale&status=active&type=percentage'],
    'POST /discounts': [
      { method: 'POST', path: '/discounts', body: { title: 'Sampled', type: 'fixed', value: 2 } },
      {
        method: 'POST',
        path: '/discounts',
        body: {
          title: 'Sampled promo',
          type: 'percentage',
          value: '15',
          kind: 'promotion',
          category_ids: [shoes.pId],
          minimum_order_amount: 10,
          capped_amount_per_user: '3',
          valid_from: '2026-01-01T00:00:00Z',
          is_published: true,
        },
      },
    ],
    'GET /discounts/:discount': [`/discounts/${sale.id}`, `/discounts/${sale.pId}`],
    'POST /discounts/:discount/publish': [{ method: 'POST', path: `/discounts/${sale.id}/publish` }],
    'POST /discounts/:discount/unpublish': [{ method: 'POST', path: `/discounts/${sale.pId}/unpublish` }],
    'GET /coupons': ['/coupons', '/coupons?status=expired&limit=1'],
    'POST /coupons': [
      { method: 'POST', path: '/coupons', body: { title: 'Sampled', code: 'SAMPLED', discount_type: 'fixed', discount_value: 1 } },
      {
        method: 'POST',
        path: '/coupons',
        body: {
          title: 'Targeted',
          code: 'TARGETED',
          discount_type: 'percentage',
          discount_value: 5,
          target_product_ids: [boot.id],
          expires_at: '2030-01-01T00:00:00Z',
        },
      },
    ],
    'GET /customers': ['/customers', '/customers?limit=1&sort_by=name&sort_order=asc&period=this_month&search=Ada'],
    'GET /customers/followers': ['/customers/followers', '/customers/followers?limit=1'],
    'GET /customers/:customer': [`/customers/${shopper.customer.id}`, `/customers/${shopper.customer.uid}`],
    'GET /customers/:customer/wishlist-items': [
      `/customers/${shopper.customer.id}/wishlist-items`,
      `/customers/${shopper.customer.uid}/wishlist-items?limit=1`,
    ],
    'GET /storefront/search': ['/storefront/search', '/storefront/search?keyword=Bo&sort=price_low&limit=1', '/storefront/search?in_stock=true'],
    'GET /shipping-zones': ['/shipping-zones', '/shipping-zones?limit=1'],
    'GET /store/metaobjects/:type': ['/store/metaobjects/swatch', '/store/metaobjects/swatch?limit=1'],
    'GET /store/metaobjects/:type/:handle': ['/store/metaobjects/swatch/red'],
    'GET /metafield-definitions': ['/metafield-definitions', '/metafield-definitions?owner_type=product&limit=1'],
    'POST /metafield-definitions': [
      {
        method: 'POST',
        path: '/metafield-definitions',
        body: { owner_type: 'variant', namespace: 'specs', key: 'b', name: 'B', type: 'list.number', storefront_visible: true },
      },
    ],
    'GET /metaobject-definitions': ['/metaobject-definitions', '/metaobject-definitions?limit=1'],
    'POST /metaobject-definitions': [
      {
        method: 'POST',
        path: '/metaobject-definitions',
        body: {
          type: 'sampled',
          name: 'Sampled',
          display_field: 'x',
          fields: [{ key: 'x', name: 'X', type: 'text', required: true, validations: [{ name: 'min_length', value: 1 }] }],
        },
      },
    ],
    'GET /metaobjects': ['/metaobjects', '/metaobjects?type=swatch&limit=1'],
    'POST /metaobjects': [{ method: 'POST', path: '/metaobjects', body: { type: 'swatch', handle: 'blue', fields: { label: 'Blue' } } }],
    'PATCH /metafield-definitions/:definition': [
      { method: 'PATCH', path: `/metafield-definitions/${specsA.id}`, body: { name: 'A renamed', storefront_visible: true } },
    ],
    'PATCH /metaobject-definitions/:type': [
      { method: 'PATCH', path: '/metaobject-definitions/swatch', body: { name: 'Swatches', fields: [{ key: 'hex', name: 'Hex', type: 'text' }] } },
    ],
    'PATCH /metaobjects/:id': [{ method: 'PATCH', path: `/metaobjects/${red.id}`, body: { fields: { label: 'Crimson' } } }],
    'GET /orders': [
      '/orders',
      '/orders?limit=1&sort_by=total&sort_order=asc',
      '/orders?updated_after=2020-01-01T00:00:00Z',
      `/orders?uuid=${buyer.customer.uid}`,
    ],
    'GET /orders/:order': [`/orders/${unpaidOrder.id}`, `/orders/${unpaidOrder.uid}`],
    'POST /shipping-zones': [
      { method: 'POST', path: '/shipping-zones', body: { name: 'Sampled', zone_type: 'national', base_rate: 5, min_days: 1, max_days: 3 } },
      {
        method: 'POST',
        path: '/shipping-zones',
        body: {
          name: 'Sampled Full',
          zone_type: 'local',
          countries: ['US'],
          state_ids: [840000017],
          area_ids: [840005677],
          base_rate: '4.50',
          per_kg_rate: 1,
          min_weight_kg: 0.5,
          max_weight_kg: '20',
          min_days: 1,
          max_days: 2,
          active: false,
          sort_order: 2,
        },
      },
    ],
    'PUT /shipping-zones/:zone': [
      {
        method: 'PUT',
        path: `/shipping-zones/${(await t.database.prisma.shippingZone.create({ data: { storeId: shop.store.id, name: 'Replaced', zoneType: 'national', currency: 'USD', baseRate: '3', minDays: 1, maxDays: 2, countries: ['US'] } })).id}`,
        body: { name: 'Replaced Again', zone_type: 'international', base_rate: '9.99', min_days: 4, max_days: 10, per_kg_rate: null },
      },
    ],
    'PUT /app/setup': [
      {
        method: 'PUT',
        path: '/app/setup',
        headers: appCaller,
        body: {
          status: 'connected',
          items: [
            { key: 'token', label: 'Token', value: 'tok_0123456789abcdef', sensitive: true },
            { key: 'docs', label: 'Docs', value: 'https://docs.example' },
          ],
        },
      },
    ],
    'POST /app/alerts': [
      { method: 'POST', path: '/app/alerts', headers: appCaller, body: { severity: 'info', title: 'Synced', message: 'All good.', dedupe_key: 'sync' } },
    ],
    'POST /orders/import': [
      {
        method: 'POST',
        path: '/orders/import',
        body: {
          channel: { name: 'Instagram', order_id: 'IG-1001' },
          customer: { name: 'Rita Recipient', phone: '+13125550123' },
          items: [{ product: stocked.pId, quantity: 2, unit_price: '10.00' }],
          delivery_fee: 4.5,
          discount: '1.50',
          total: '23.00',
          delivery_method: 'delivery',
          shipping_address: { address: '1 N State St, Chicago', latitude: 41.8781, longitude: -87.6298 },
        },
      },
    ],
    'PATCH /orders/:order': [{ method: 'PATCH', path: `/orders/${unpaidOrder.id}`, body: { metadata: { gift: 'yes' }, line_items: [] } }],
    'POST /orders/:order/status': [{ method: 'POST', path: `/orders/${fulfilling.id}/status`, body: { status: 'processing' } }],
    'PATCH /orders/:order/shipment': [
      {
        method: 'PATCH',
        path: `/orders/${fulfilling.id}/shipment`,
        body: { carrier_name: 'UPS', tracking_number: '1Z999', tracking_url: 'https://track.example/1Z999', shipped_at: '2026-11-26T10:00:00Z' },
      },
    ],
    'POST /orders/:order/assign-rider': [{ method: 'POST', path: `/orders/${fulfilling.id}/assign-rider`, body: { name: 'Sam Rider', phone: '+13125550199' } }],
    'GET /webhooks': ['/webhooks', '/webhooks?limit=1'],
    'POST /webhooks': [
      { method: 'POST', path: '/webhooks', body: { topic: 'orders/paid', address: `https://${receiver.hostPort}/paid`, fields: ['id', 'status'] } },
    ],
    'GET /webhooks/:webhook': [`/webhooks/${hook}`],
    'PATCH /webhooks/:webhook': [{ method: 'PATCH', path: `/webhooks/${hook}`, body: { fields: ['id'] } }],
    'DELETE /webhooks/:webhook': [{ method: 'DELETE', path: `/webhooks/${unhooked}` }],
    'POST /webhooks/:webhook/rotate-secret': [{ method: 'POST', path: `/webhooks/${hook}/rotate-secret`, body: { overlap_seconds: 60 } }],
    'GET /webhooks/:webhook/deliveries': [`/webhooks/${hook}/deliveries`],
    'POST /webhooks/:webhook/replay': [{ method: 'POST', path: `/webhooks/${hook}/replay`, body: { event_id: orderCreated.id } }],
    'POST /reviews/import': [
      {
        method: 'POST',
        path: '/reviews/import',
        headers: appCaller,
        body: {
          reviews: [
            {
              source_review_id: 'r-1',
              product: boot.pId,
              rating: 4,
              title: 'Snug',
              description: 'Warm.',
              author_display_name: 'Jo',
              submitted_at: '2026-10-01T08:00:00Z',
            },
            { source_review_id: 'r-2', product: 'no-such-product', rating: 2, author_display_name: 'Al', submitted_at: '2026-10-02T08:00:00Z' },
          ],
        },
      },
    ],
    'GET /reviews': [{ method: 'GET', path: '/reviews?status=pending', headers: appCaller }],
    'PUT /app/requirements': [
      { method: 'PUT', path: '/app/requirements', headers: appCaller, body: { items: [{ product_product_p_id: boot.pId, prefix: `app.${app.appSlug}.fit` }] } },
    ],
    'GET /collected-definitions': [{ method: 'GET', path: '/collected-definitions?limit=1', headers: appCaller }],
    'POST /collected-definitions': [
      {
        method: 'POST',
        path: '/collected-definitions',
        headers: appCaller,
        body: {
          type: `${typePrefix}_sampled`,
          name: 'Sampled',
          fields: [{ key: 'note', name: 'Note', type: 'single_line_text', validations: [{ name: 'max_length', value: 20 }] }],
        },
      },
    ],
    'PATCH /collected-definitions/:definition': [
      { method: 'PATCH', path: `/collected-definitions/${definition.p_id}`, headers: appCaller, body: { name: 'Renamed' } },
    ],
    'POST /records': [{ method: 'POST', path: '/records', headers: appCaller, body: { type: definition.type, fields: { email: 'a@example.com' } } }],
    'POST /auth/email/request-otp': [{ method: 'POST', path: '/auth/email/request-otp', body: { email: 'otp-sample@example.com' } }],
    'POST /auth/email/verify-otp': [{ method: 'POST', path: '/auth/email/verify-otp', body: { email: 'verifying@example.com', otp_code: verifyCode } }],
    'POST /auth/email/register-otp': [
      { method: 'POST', path: '/auth/email/register-otp', body: { first_name: 'Otto', last_name: 'Pee', verified_token: verifiedToken } },
    ],
    'POST /auth/phone/request-otp': [
      { method: 'POST', path: '/auth/phone/request-otp', body: { phone: '2015550163', country_code: 'US', channel: 'whatsapp' } },
    ],
    'POST /auth/phone/verify-otp': [
      { method: 'POST', path: '/auth/phone/verify-otp', body: { phone: '2015550161', country_code: 'US', otp_code: phoneSignInCode } },
    ],
    'POST /auth/register': [
      {
        method: 'POST',
        path: '/auth/register',
        body: { first_name: 'Pho', last_name: 'Ne', email: 'phone-sample@example.com', phone: '2015550162', country_code: 'US', otp_code: phoneRegisterCode },
      },
    ],
    'POST /auth/email/forgot-password': [{ method: 'POST', path: '/auth/email/forgot-password', body: { email: 'nobody-sampled@example.com' } }],
    'POST /auth/email/reset-password': [
      {
        method: 'POST',
        path: '/auth/email/reset-password',
        body: { token: resetToken, email: 'resetting@example.com', password: 'brand new one', password_confirmation: 'brand new one' },
      },
    ],
    'POST /auth/email/register-password': [
      {
        method: 'POST',
        path: '/auth/email/register-password',
        body: { first_name: 'Sam', last_name: 'Pled', email: 'sampled@example.com', password: 'long enough' },
      },
    ],
    'POST /auth/email/login': [{ method: 'POST', path: '/auth/email/login', body: { email: 'sampled@example.com', password: 'long enough' } }],
    'POST /auth/refresh': [{ method: 'POST', path: '/auth/refresh', body: { refresh_token: refreshing.session.refreshToken } }],
    'POST /auth/logout': [{ method: 'POST', path: '/auth/logout', headers: leaving.auth }],
    'POST /auth/logout-all': [{ method: 'POST', path: '/auth/logout-all', headers: leavingAll.auth }],
    'GET /store/account': [{ method: 'GET', path: '/store/account', headers: shopper.auth }],
    'PATCH /store/account': [
      { method: 'PATCH', path: '/store/account', headers: shopper.auth, body: { first_name: 'Sam', avatar: 'https://cdn.example/sam.png' } },
    ],
    'POST /store/account/contact-otp': [
      { method: 'POST', path: '/store/account/contact-otp', headers: shopper.auth, body: { email: 'contact-sample@example.com' } },
      { method: 'POST', path: '/store/account/contact-otp', headers: shopper.auth, body: { phone: '2015550170', country_code: 'US', channel: 'sms' } },
    ],
    'GET /store/addresses': [{ method: 'GET', path: '/store/addresses', headers: shopper.auth }],
    'POST /store/addresses': [
      { method: 'POST', path: '/store/addresses', headers: shopper.auth, body: { label: 'Home', address: '1 N State St', lat: 41.8781, lng: -87.6298 } },
      { method: 'POST', path: '/store/addresses', headers: shopper.auth, body: { label: 'Boat', address: 'At sea', lat: 30, lng: -40 } },
    ],
    'DELETE /store/addresses/:id': [{ method: 'DELETE', path: `/store/addresses/${doomedAddress.id}`, headers: addressOwner.auth }],
    'PATCH /store/addresses/:id/default': [{ method: 'PATCH', path: `/store/addresses/${otherAddress.id}/default`, headers: addressOwner.auth }],
    'GET /store/follow': [{ method: 'GET', path: '/store/follow', headers: shopper.auth }],
    'POST /store/follow': [{ method: 'POST', path: '/store/follow', headers: shopper.auth, body: { shared_contact: true } }],
    'DELETE /store/follow': [{ method: 'DELETE', path: '/store/follow', headers: shopper.auth }],
    'GET /store/wishlist': [{ method: 'GET', path: '/store/wishlist', headers: wisher.auth }],
    'POST /store/wishlist': [{ method: 'POST', path: '/store/wishlist', headers: shopper.auth, body: { product_id: bare.id } }],
    'DELETE /store/wishlist/:product': [{ method: 'DELETE', path: `/store/wishlist/${stocked.id}`, headers: wisher.auth }],
    'POST /store/checkout': [
      {
        method: 'POST',
        path: '/store/checkout',
        headers: checkoutSession,
        body: { delivery_method: 'delivery', address: chicago, payment_method: 'cash', contact: { name: 'Grace', email: 'grace@example.com' }, note: 'Gate 2' },
      },
    ],
    'GET /store/orders': [
      { method: 'GET', path: '/store/orders', headers: buyer.auth },
      { method: 'GET', path: '/store/orders?status=ongoing&page=1&per_page=5', headers: buyer.auth },
    ],
    'GET /store/orders/:id': [
      { method: 'GET', path: `/store/orders/${unpaid.id}`, headers: buyer.auth },
      { method: 'GET', path: `/store/orders/${unpaid.order_no}`, headers: buyer.auth },
    ],
    'GET /store/orders/:id/pay': [{ method: 'GET', path: `/store/orders/${unpaid.id}/pay`, headers: buyer.auth }],
    'GET /store/cart': [
      { method: 'GET', path: '/store/cart', headers: cartSession },
      { method: 'GET', path: '/store/cart', headers: { 'x-cart-session': 'declared-answers-no-cart' } },
    ],
    'POST /store/cart': [
      {
        method: 'POST',
        path: '/store/cart',
        headers: { 'x-cart-session': 'declared-answers-upsert' },
        body: { ...cartBody, cart_items: [...cartBody.cart_items, { item_id: boot.id, quantity: 1 }], source: 'app' },
      },
    ],
    'POST /store/cart/items': [
      { method: 'POST', path: '/store/cart/items', headers: cartSession, body: { product_id: boot.id } },
      { method: 'POST', path: '/store/cart/items', headers: cartSession, body: { product_id: boot.id, variant_id: size40!.id, quantity: 1 } },
    ],
    'POST /store/cart/validate': [{ method: 'POST', path: '/store/cart/validate', headers: cartSession, body: { cart_id: cartId } }],
    'DELETE /store/cart/clear': [{ method: 'DELETE', path: `/store/cart/clear?cart_id=${cartId}`, headers: cartSession }],
  };
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const surfaces: [string, string, RestRoute[], () => string][] = [
  ['storefront', STOREFRONT_PREFIX, storefrontRoutes, () => shop.publicKey],
  ['merchant', MERCHANT_PREFIX, merchantRoutes, () => shop.privateKey],
];

async function encoded(sample: Exclude<Sample, string>) {
  if (sample.multipart) return multipartBody(sample.multipart);
  return sample.body === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(sample.body) };
}

describe.each(surfaces)('Answers of the %s API', (_name, prefix, routes, key) => {
  it.each(routes.map((r) => [`${r.method} ${r.url}`, r]))('%s matches its declared answer', async (operation, route) => {
    const paths = samples[operation];
    expect(paths, `no sample request for ${operation}`).toBeDefined();
    for (const sample of paths!) {
      const path = typeof sample === 'string' ? sample : sample.path;
      const body = typeof sample === 'string' ? undefined : await encoded(sample);
      const res =
        typeof sample === 'string'
          ? await get(t.app, `${prefix}${path}`, key())
          : await call(t.app, { method: sample.method, url: `${prefix}${path}`, key: key(), ...body, headers: { ...body?.headers, ...sample.headers } });
      expect(res.status, res.raw).toBe(route.status ?? 200);
      const parsed = route.answer.safeParse(res.body);
      expect(parsed.success ? [] : parsed.error.issues, JSON.stringify(sample)).toEqual([]);
    }
  });
});
