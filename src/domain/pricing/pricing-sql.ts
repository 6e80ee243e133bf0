import { storeSql, type SqlPart } from '../../platform/database/store-statements.js';
import { byRank } from './discount-math.js';
import type { DiscountOffer } from './discounts.js';

// The price and stock rule (product-pricing.ts, shopper-pricing.ts, discount-math.ts,
// inventory/stock-policy.ts) in SQL, for statements that write a page's JSON in PostgreSQL. Each
// piece reads a product row `p` and names what it adds;
// test/rest/storefront/products/card-sql.test.ts holds it to the TypeScript rule on the rule's edge cases. Which discounts are live is not
// decided here: the request's own live offers (live-offers.ts) arrive as the `offers` table.

/**
 * `offers`: the request's live automatic discounts as a table, each with its `rank` among the
 * others when two leave the same price (`byRank`: priority, then age, then id).
 */
export function offersTable(offers: DiscountOffer[]): SqlPart {
  const rows = [...offers].sort(byRank).map((offer, rank) => ({
    id: offer.id,
    title: offer.title,
    type: offer.type,
    value: offer.value.toString(),
    cappedAmount: offer.cappedAmount?.toString() ?? null,
    imageUrl: offer.imageUrl,
    productIds: offer.productIds,
    categoryIds: offer.categoryIds,
    rank,
  }));
  return storeSql`offers AS MATERIALIZED (
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS d(
      id uuid, title text, type text, value numeric, "cappedAmount" numeric, "imageUrl" text, "productIds" uuid[], "categoryIds" uuid[], rank int
    )
  )`;
}

/** `targets`: an offer `d` naming no product and no category targets every product. */
const targets = storeSql`((cardinality(d."productIds") = 0 AND cardinality(d."categoryIds") = 0) OR p.id = ANY(d."productIds") OR p."categoryId" = ANY(d."categoryIds"))`;

/** `discountAmount` of offer `d` on `price`: a percentage rounded half up to cents, or the fixed value; capped, never above the price nor below zero. */
const discountAmount = (price: SqlPart) =>
  storeSql`greatest(least(CASE WHEN d.type = 'percentage' THEN round(${price} * d.value / 100, 2) ELSE d.value END, d."cappedAmount", ${price}), 0)`;

/** `variantDiscountPrice`: the lowest price the product's offers leave of `price`. */
export const bestPriceOf = (price: SqlPart): SqlPart =>
  storeSql`coalesce((SELECT min(${price} - ${discountAmount(price)}) FROM offers d WHERE ${targets}), ${price})`;

/**
 * `priceProduct` (as `pr`, beside `va` over the variants): through the active variants when there
 * are any (the cheapest first in the variants' order sets the price and compare-at), else the
 * product's own price and stock (`stock-policy.ts`: only a variant takes backorders).
 */
export const pricingJoins: SqlPart = storeSql`
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, min(v.price) AS lo, max(v.price) AS hi,
      (array_agg(v."compareAtPrice" ORDER BY v.price, v.position, v."pId"))[1] AS lo_compare,
      bool_or(v."trackInventory") AS tracks,
      sum(v.stock) FILTER (WHERE v."trackInventory") AS stock,
      bool_or(NOT v."trackInventory" OR v."isBackorder" OR v.stock > 0) AS in_stock,
      (array_agg(v."imageId" ORDER BY v.position, v."pId") FILTER (WHERE v."imageId" IS NOT NULL))[1] AS image_id
    FROM "Variant" v WHERE v."productId" = p.id AND v."isActive"
  ) va
  CROSS JOIN LATERAL (
    SELECT va.n > 0 AS has_variants, va.n AS variant_count,
      CASE WHEN va.n > 0 THEN va.lo ELSE p.price END AS price,
      CASE WHEN va.n > 0 THEN va.hi ELSE p.price END AS max_price,
      CASE WHEN va.n > 0 THEN va.lo_compare ELSE p."compareAtPrice" END AS compare_at_as_entered,
      CASE WHEN va.n > 0 THEN va.tracks ELSE p."trackInventory" END AS tracks,
      CASE WHEN va.n > 0 THEN va.stock ELSE p.stock END AS stock,
      CASE WHEN va.n > 0 THEN va.in_stock ELSE NOT p."trackInventory" OR p.stock > 0 END AS in_stock
  ) base
  CROSS JOIN LATERAL (
    SELECT base.*,
      CASE WHEN base.compare_at_as_entered > base.price THEN base.compare_at_as_entered END AS compare_at,
      CASE WHEN base.tracks THEN base.stock END AS total_stock
  ) pr`;

/**
 * `bestDiscounts` (as `ds`): `ranked`, each targeting offer applied to the price on its own and
 * written as `applied` (over the offer `x`, its `amount` and `final`), best first; `best_final`,
 * the price the shopper pays with the first (null when none applies).
 */
export const discountJoins = (applied: SqlPart): SqlPart => storeSql`
  CROSS JOIN LATERAL (
    SELECT array_agg(${applied} ORDER BY x.final, x.rank) AS ranked, min(x.final) AS best_final
    FROM (
      SELECT d.*, a.amount, pr.price - a.amount AS final
      FROM offers d CROSS JOIN LATERAL (SELECT ${discountAmount(storeSql`pr.price`)} AS amount) a
      WHERE ${targets}
    ) x
  ) ds`;
