import { randomUUID } from 'node:crypto';
import { Prisma, type Category, type Product, type Store } from '../../src/generated/prisma/client.js';
import { derivedProductColumns } from '../../src/domain/pricing/derived-columns.js';
import { renditionsOf } from '../../src/domain/media/renditions.js';
import type { Database } from '../../src/platform/database/database.js';

export interface VariantSpec {
  title: string;
  optionValues: Record<string, string>;
  price: string;
  compareAtPrice?: string;
  stock?: number;
  isActive?: boolean;
  trackInventory?: boolean;
  isBackorder?: boolean;
}

export interface ProductSpec {
  title: string;
  slug?: string;
  price?: string;
  compareAtPrice?: string;
  stock?: number;
  trackInventory?: boolean;
  published?: boolean;
  status?: 'active' | 'draft' | 'archived';
  deleted?: boolean;
  category?: Category;
  videoUrl?: string;
  salesCount?: number;
  createdAt?: Date;
  updatedAt?: Date;
  images?: number;
  options?: Record<string, string[]>;
  variants?: VariantSpec[];
  translations?: Record<string, { title?: string; excerpt?: string; description?: string }>;
}

let counter = 0;

/** A product exactly as described, with the derived columns every catalogue write stores from the pricing rule. */
export async function createProduct(database: Database, store: Store, spec: ProductSpec): Promise<Product> {
  const db = database.prisma;
  counter += 1;
  const slug = spec.slug ?? `${spec.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${counter}`;
  const decimal = (value: string | undefined) => (value === undefined ? null : new Prisma.Decimal(value));
  const price = new Prisma.Decimal(spec.price ?? '10.00');
  const variantRows = (spec.variants ?? []).map((v, position) => ({
    title: v.title,
    optionValues: v.optionValues,
    price: new Prisma.Decimal(v.price),
    compareAtPrice: decimal(v.compareAtPrice),
    stock: v.stock ?? 3,
    isActive: v.isActive ?? true,
    trackInventory: v.trackInventory ?? true,
    isBackorder: v.isBackorder ?? false,
    position,
  }));
  const derived = derivedProductColumns(
    { price, compareAtPrice: decimal(spec.compareAtPrice), trackInventory: spec.trackInventory ?? true, stock: spec.stock ?? 5 },
    variantRows,
  );
  const id = randomUUID();
  const product = await db.product.create({
    data: {
      id,
      storeId: store.id,
      slug,
      title: spec.title,
      excerpt: `${spec.title} excerpt`,
      description: `${spec.title} description`,
      price,
      compareAtPrice: spec.compareAtPrice,
      trackInventory: spec.trackInventory ?? true,
      published: spec.published ?? true,
      status: spec.status ?? 'active',
      deletedAt: spec.deleted ? new Date() : null,
      categoryId: spec.category?.id,
      videoUrl: spec.videoUrl,
      salesCount: spec.salesCount ?? 0,
      createdAt: spec.createdAt,
      updatedAt: spec.updatedAt,
      ...derived,
    },
  });
  if (spec.options) {
    await db.productOption.createMany({
      data: Object.entries(spec.options).map(([name, values], position) => ({ storeId: store.id, productId: id, name, values, position })),
    });
  }
  if (variantRows.length) await db.variant.createMany({ data: variantRows.map((row) => ({ ...row, storeId: store.id, productId: id })) });
  for (let n = 0; n < (spec.images ?? 1); n += 1) {
    const url = `https://cdn.test/${slug}-${n}.jpg`;
    await db.productImage.create({
      data: {
        storeId: store.id,
        productId: id,
        url,
        alt: `${spec.title} ${n}`,
        width: 1600,
        height: 1200,
        position: n,
        isPrimary: n === 0,
        sizes: renditionsOf(url, 1600, 1200) as object,
      },
    });
  }
  for (const [locale, fields] of Object.entries(spec.translations ?? {})) {
    await db.translation.create({ data: { storeId: store.id, resourceType: 'product', resourceId: id, locale, fields } });
  }
  // updatedAt is maintained by Prisma on create; a spec that fixes it wins.
  if (spec.updatedAt) return db.product.update({ where: { id }, data: { updatedAt: spec.updatedAt } });
  return product;
}

/** The response-cache tests' kettle: slug `kettle`, 30.00, sizes S and L with 4 of each. */
export function createKettle(database: Database, store: Store): Promise<Product> {
  return createProduct(database, store, {
    title: 'Kettle',
    slug: 'kettle',
    price: '30.00',
    options: { Size: ['S', 'L'] },
    variants: [
      { title: 'S', optionValues: { Size: 'S' }, price: '30.00', stock: 4 },
      { title: 'L', optionValues: { Size: 'L' }, price: '30.00', stock: 4 },
    ],
  });
}

export async function createCategory(database: Database, store: Store, name: string, parent?: Category): Promise<Category> {
  return database.prisma.category.create({
    data: { storeId: store.id, name, slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${(counter += 1)}`, parentId: parent?.id },
  });
}

/**
 * A product through variants with the price rule's edge cases: a backorder with a compare-at price
 * and a ready date, one sold out showing the third image, one inactive (the cheapest); its second
 * image is the primary.
 */
export async function createLantern(
  database: Database,
  store: Store,
  spec: Pick<ProductSpec, 'slug' | 'createdAt' | 'category' | 'translations'> = {},
): Promise<Product> {
  const product = await createProduct(database, store, {
    title: 'Lantern',
    ...spec,
    images: 3,
    options: { Finish: ['Brass', 'Steel', 'Gold'] },
    variants: [
      { title: 'Brass', optionValues: { Finish: 'Brass' }, price: '40.00', compareAtPrice: '55.00', stock: 0, isBackorder: true },
      { title: 'Steel', optionValues: { Finish: 'Steel' }, price: '35.50', stock: 0 },
      { title: 'Gold', optionValues: { Finish: 'Gold' }, price: '20.00', isActive: false },
    ],
  });
  const db = database.prisma;
  const images = await db.productImage.findMany({ where: { productId: product.id }, orderBy: { position: 'asc' } });
  await db.productImage.update({ where: { id: images[0]!.id }, data: { isPrimary: false } });
  await db.productImage.update({ where: { id: images[1]!.id }, data: { isPrimary: true } });
  await db.variant.updateMany({ where: { productId: product.id, title: 'Steel' }, data: { imageId: images[2]!.id } });
  await db.variant.updateMany({ where: { productId: product.id, title: 'Brass' }, data: { backorderReadyDate: new Date('2031-02-03T00:00:00Z') } });
  return product;
}
