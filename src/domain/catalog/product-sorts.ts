import type { Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { settleShopperPrices } from '../pricing/shopper-price-column.js';
import { productKeys } from './shown-products.js';
import { asBoolean, asDate, asNumber, asString, type Direction, type KeysetSort, type SortColumn } from '../pagination/keyset.js';

const byPId = (direction: Direction): SortColumn<Product> => ({ field: 'pId', direction, read: (p) => p.pId, parse: asNumber });

const createdAt = (direction: Direction): SortColumn<Product> => ({ field: 'createdAt', direction, read: (p) => p.createdAt.toISOString(), parse: asDate });
const updatedAt = (direction: Direction): SortColumn<Product> => ({ field: 'updatedAt', direction, read: (p) => p.updatedAt.toISOString(), parse: asDate });

/**
 * The price the card shows, `discount_price` (the final customer price after the store's live
 * automatic discounts), as settled into `ShopperPrice` (src/domain/pricing/shopper-price-column.ts).
 * Both directions order by it, so "high to low" is exactly "low to high" reversed, ties included.
 * A product created after the read settled has no row yet and is placed by its price before discounts.
 */
const SHOPPER_PRICE = 'shopperPrice.price';
const shownPrice = (direction: Direction): SortColumn<Product> => ({
  field: SHOPPER_PRICE,
  direction,
  read: (p) => ((p as ShopperPricedProduct).shopperPrice?.price ?? p.priceMin).toString(),
  parse: asString,
});

type ShopperPricedProduct = Product & { shopperPrice?: { price: Prisma.Decimal } | null };

/**
 * How a shopper's product list with this sort reads its rows: what orders and names them
 * (`productKeys`), the page's keys; a face that shows more reads the page's rows from them
 * (shown-rows.ts). A price sort first settles the stored shopper prices (one statement when
 * nothing changed) and reads each row's with its keys.
 */
export async function productsSortedBy(ctx: Ctx, sort: KeysetSort<Product>): Promise<(args: Prisma.ProductFindManyArgs) => Promise<Product[]>> {
  const priced = sort.some((column) => column.field === SHOPPER_PRICE);
  if (priced) await settleShopperPrices(ctx);
  const select = priced ? { ...productKeys, shopperPrice: { select: { price: true } } } : productKeys;
  return async ({ where, orderBy, take, skip }) =>
    (await ctx.db.product.findMany({ where, orderBy, take, skip, select, relationLoadStrategy: 'join' })) as unknown as Product[];
}

/** Storefront sorts, each ending in the unique product id. */
export const catalogSorts = {
  latest: [createdAt('desc'), byPId('desc')],
  popular: [{ field: 'salesCount', direction: 'desc', read: (p) => p.salesCount, parse: asNumber }, byPId('desc')],
  price_low: [shownPrice('asc'), byPId('asc')],
  price_high: [shownPrice('desc'), byPId('desc')],
} satisfies Record<string, KeysetSort<Product>>;

export type CatalogSort = keyof typeof catalogSorts;
export const catalogSortNames = Object.keys(catalogSorts) as [CatalogSort, ...CatalogSort[]];

const merchantColumns: Record<string, (direction: Direction) => SortColumn<Product>> = {
  created_at: createdAt,
  updated_at: updatedAt,
  title: (direction) => ({ field: 'title', direction, read: (p) => p.title, parse: asString }),
  price: (direction) => ({ field: 'price', direction, read: (p) => p.price.toString(), parse: asString }),
  stock: (direction) => ({ field: 'stock', direction, read: (p) => p.stock, parse: asNumber }),
  published: (direction) => ({ field: 'published', direction, read: (p) => p.published, parse: asBoolean }),
};

export const merchantSortFields = ['created_at', 'updated_at', 'title', 'price', 'stock', 'published'] as const;
export type MerchantSortField = (typeof merchantSortFields)[number];

export function merchantSort(field: MerchantSortField, direction: Direction): KeysetSort<Product> {
  return [merchantColumns[field]!(direction), byPId(direction)];
}

/** The polling feed: oldest change first. */
export const changeFeedSort: KeysetSort<Product> = [updatedAt('asc'), byPId('asc')];
