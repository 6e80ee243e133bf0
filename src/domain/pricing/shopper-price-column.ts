import { createHash } from 'node:crypto';
import type { Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { targets } from '../discounts/liveness.js';
import type { TransactionCtx } from '../transaction.js';
import { bestDiscounts } from './discount-math.js';
import type { DiscountOffer } from './discounts.js';

/** The key a catalogue write leaves on its product's shopper price: settle it at the next price-sorted read. */
const STALE = '';

/** Conditions per settling statement, so one statement's list stays a few hundred entries long. */
const SETTLE_CHUNK = 500;

/**
 * The offer set a shopper price was computed with, as a short digest of what decides a price
 * (which products and categories each offer targets, its kind, value and cap). A usage count, a
 * title or a priority changes no price, so it changes no key.
 */
export function offersKey(offers: DiscountOffer[]): string {
  const decisive = offers
    .map((o) => [o.id, o.type, o.value.toFixed(2), o.cappedAmount?.toFixed(2) ?? null, [...o.productIds].sort(), [...o.categoryIds].sort()] as const)
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(decisive)).digest('base64url').slice(0, 22);
}

/**
 * Marks a product's shopper price stale inside a catalogue write (its price, variants or category
 * changed), creating the row if the product has none yet. A settling read that read the product
 * before this write then finds its condition no longer holds and leaves the row for the next read.
 */
export async function markShopperPriceStale(tx: TransactionCtx, productId: string, priceMin: Prisma.Decimal): Promise<void> {
  await tx.db.shopperPrice.upsert({
    where: { productId },
    create: { storeId: tx.db.$storeId, productId, price: priceMin, offersKey: STALE },
    update: { offersKey: STALE },
  });
}

type SettleRow = { id: string; categoryId: string | null; priceMin: Prisma.Decimal; shopperPrice: { offersKey: string } | null };

/** The card's `discount_price` for a product shown from `priceMin`: the best live offer that targets it (as shopper-pricing.ts prices the card). */
function cardPrice(row: SettleRow, offers: DiscountOffer[]): Prisma.Decimal {
  return bestDiscounts(
    row.priceMin,
    offers.filter((offer) => targets(offer, row)),
  ).discountPrice;
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += SETTLE_CHUNK) out.push(rows.slice(i, i + SETTLE_CHUNK));
  return out;
}

/**
 * Brings every product's stored shopper price to the card's `discount_price` under the request's
 * live automatic discounts, before a list orders by it. One statement finds what is not settled:
 * products without a row, and rows whose key is not the live offer set's (a catalogue write marks
 * its product stale; a discount that starts, ends, changes or runs out changes the live key, so the
 * first price-sorted read after it settles the store once). Rows landing on one price share one
 * statement, written only where the product still has the price and category it was read with and
 * the row its old key: a catalogue write committing meanwhile is never overwritten with an old
 * price, its row stays stale for the next read.
 */
export async function settleShopperPrices(ctx: Ctx): Promise<void> {
  const offers = await ctx.loaders.liveOffers();
  const key = offersKey(offers);
  const unsettled: SettleRow[] = await ctx.db.product.findMany({
    where: { OR: [{ shopperPrice: null }, { shopperPrice: { offersKey: { not: key } } }] },
    select: { id: true, categoryId: true, priceMin: true, shopperPrice: { select: { offersKey: true } } },
    // The rows' keys joined in: one statement, even when every row is settled.
    relationLoadStrategy: 'join',
  });
  if (!unsettled.length) return;

  const missing = unsettled.filter((row) => row.shopperPrice === null);
  const groups = new Map<string, { price: Prisma.Decimal; was: string; rows: Prisma.ShopperPriceWhereInput[] }>();
  for (const row of unsettled) {
    if (row.shopperPrice === null) continue;
    const price = cardPrice(row, offers);
    const group = `${price.toFixed(2)} ${row.shopperPrice.offersKey}`;
    let entry = groups.get(group);
    if (!entry) groups.set(group, (entry = { price, was: row.shopperPrice.offersKey, rows: [] }));
    entry.rows.push({ productId: row.id, product: { priceMin: row.priceMin, categoryId: row.categoryId } });
  }
  // A product a write gives a row meanwhile keeps that row (stale), which the next read settles.
  const creates = chunks(missing).map((rows) =>
    ctx.db.shopperPrice.createMany({
      data: rows.map((row) => ({ storeId: ctx.db.$storeId, productId: row.id, price: cardPrice(row, offers), offersKey: key })),
      skipDuplicates: true,
    }),
  );
  const updates = [...groups.values()].flatMap(({ price, was, rows }) =>
    chunks(rows).map((part) => ctx.db.shopperPrice.updateMany({ where: { offersKey: was, OR: part }, data: { price, offersKey: key } })),
  );
  await Promise.all([...creates, ...updates]);
}
