// What every floor statement reads beside its products, and the pricing rule of
// src/domain/pricing as SQL: the store row, its live automatic discounts and its storefront-visible
// metafield keys (common table expressions), then per product its active variants' prices and
// stock, the discounts that target it ranked best first, and the images its card shows.
// Parameters: $1 the store's id, $2 the request's clock.
import { object, storedJson } from './json-sql.js';

/** `shopperVisible`: published, active, not deleted, of the store. */
export const shopperVisible = (p: string) => `${p}."storeId" = $1::uuid AND ${p}.published AND ${p}.status = 'active' AND ${p}."deletedAt" IS NULL`;

/**
 * The store row (`shop`), its live automatic discounts (`offers`: `liveAutomaticOffers`, the 200
 * of highest priority, then those not used up) and the storefront-visible product metafield keys
 * (`visible`, `storefrontMetafields`). Materialized: PostgreSQL would otherwise fold a CTE read
 * once into its reader, and read the discounts again for every product.
 */
export const storeFacts = `
  shop AS MATERIALIZED (SELECT * FROM "Store" WHERE id = $1::uuid),
  offers AS MATERIALIZED (
    SELECT * FROM (
      SELECT * FROM "Discount"
      WHERE "storeId" = $1::uuid AND "isActive" AND "isPublished" AND "autoApply"
        AND ("validFrom" IS NULL OR "validFrom" <= $2::timestamptz) AND ("validUntil" IS NULL OR "validUntil" > $2::timestamptz)
        AND ("minimumOrderAmount" IS NULL OR "minimumOrderAmount" <= 0) AND ("minimumQuantity" IS NULL OR "minimumQuantity" <= 1)
      ORDER BY priority DESC, "createdAt", id
      LIMIT 200
    ) d
    WHERE "maxUsageTotal" IS NULL OR "usageCount" < "maxUsageTotal"
  ),
  visible AS MATERIALIZED (
    SELECT coalesce(array_agg(namespace || '.' || key), '{}') AS keys
    FROM "MetafieldDefinition" WHERE "storeId" = $1::uuid AND "storefrontVisible" AND "ownerType" = 'product'
  )`;

/** `targets`: a discount naming no product and no category targets every product. */
const targets = (p: string, d: string) =>
  `((cardinality(${d}."productIds") = 0 AND cardinality(${d}."categoryIds") = 0) OR ${p}.id = ANY(${d}."productIds") OR ${p}."categoryId" = ANY(${d}."categoryIds"))`;

/** `discountAmount`: a percentage rounded half up to cents, or the fixed value; capped, never above the price nor below zero. */
const discountAmount = (price: string, d: string) =>
  `greatest(least(CASE WHEN ${d}.type = 'percentage' THEN round(${price} * ${d}.value / 100, 2) ELSE ${d}.value END, ${d}."cappedAmount", ${price}), 0)`;

/** `variantDiscountPrice`: the lowest price the product's offers leave of `price`. */
export const bestPriceOf = (price: string, p: string) =>
  `coalesce((SELECT min(${price} - ${discountAmount(price, 'd')}) FROM offers d WHERE ${targets(p, 'd')}), ${price})`;

/**
 * `priceProduct` (alias `pr`): through the active variants when there are any (the cheapest first
 * in the variants' order sets the price and compare-at), else the product's own price and stock.
 */
export const pricingJoins = (p: string) => `
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, min(v.price) AS lo, max(v.price) AS hi,
      (array_agg(v."compareAtPrice" ORDER BY v.price, v.position, v."pId"))[1] AS lo_compare,
      bool_or(v."trackInventory") AS tracks,
      sum(v.stock) FILTER (WHERE v."trackInventory") AS stock,
      bool_or(NOT v."trackInventory" OR v."isBackorder" OR v.stock > 0) AS in_stock,
      (array_agg(v."imageId" ORDER BY v.position, v."pId") FILTER (WHERE v."imageId" IS NOT NULL))[1] AS image_id
    FROM "Variant" v WHERE v."productId" = ${p}.id AND v."isActive"
  ) va
  CROSS JOIN LATERAL (
    SELECT va.n > 0 AS has_variants, va.n AS variant_count,
      CASE WHEN va.n > 0 THEN va.lo ELSE ${p}.price END AS price,
      CASE WHEN va.n > 0 THEN va.hi ELSE ${p}.price END AS max_price,
      CASE WHEN va.n > 0 THEN va.lo_compare ELSE ${p}."compareAtPrice" END AS compare_at_as_entered,
      CASE WHEN va.n > 0 THEN va.tracks ELSE ${p}."trackInventory" END AS tracks,
      CASE WHEN va.n > 0 THEN va.stock ELSE ${p}.stock END AS stock,
      CASE WHEN va.n > 0 THEN va.in_stock ELSE NOT ${p}."trackInventory" OR ${p}.stock > 0 END AS in_stock
  ) base
  CROSS JOIN LATERAL (
    SELECT base.*,
      CASE WHEN base.compare_at_as_entered > base.price THEN base.compare_at_as_entered END AS compare_at,
      CASE WHEN base.tracks THEN base.stock END AS total_stock
  ) pr`;

/**
 * `bestDiscounts` (alias `ds`): `ranked`, each targeting offer applied to the price on its own and
 * written as `json` (of the offer `x`, its `amount` and `final`), best first; `best_final`, the
 * price the shopper pays with the first (null when none applies).
 */
export const discountJoins = (p: string, json: string) => `
  CROSS JOIN LATERAL (
    SELECT array_agg(${json} ORDER BY x.final, x.priority DESC, x."createdAt", x.id) AS ranked, min(x.final) AS best_final
    FROM (
      SELECT d.*, a.amount, pr.price - a.amount AS final
      FROM offers d CROSS JOIN LATERAL (SELECT ${discountAmount('pr.price', 'd')} AS amount) a
      WHERE ${targets(p, 'd')}
    ) x
  ) ds`;

/** The card's images (`primaryImage` as `pi`, the first active variant's image as `vi`): images of the product only. */
export const cardImageJoins = (p: string) => `
  LEFT JOIN LATERAL (
    SELECT * FROM "ProductImage" i WHERE i."productId" = ${p}.id ORDER BY i."isPrimary" DESC, i.position, i.id LIMIT 1
  ) pi ON true
  LEFT JOIN "ProductImage" vi ON vi.id = va.image_id AND vi."productId" = ${p}.id`;

const renditionNames = ['card', 'card2x', 'view', 'wa', 'original'] as const;

/** `orderedRenditions` of an image row (null without one): the documented order, `thumb` without a size, the others as stored. */
export function renditions(image: string): string {
  const stored = Object.fromEntries(renditionNames.map((name) => [name, storedJson(`${image}.sizes->'${name}'`)]));
  const thumb = object({ url: `${image}.sizes->'thumb'->>'url'`, w: 'NULL::int', h: 'NULL::int' });
  return `CASE WHEN ${image}.id IS NULL THEN NULL ELSE ${object({ thumb, ...stored })} END`;
}

/** The same renditions as GraphQL's `ImageRendition` list: name, url, width, height. */
export function renditionList(image: string): string {
  const thumb = object({ name: `'thumb'`, url: `${image}.sizes->'thumb'->>'url'`, width: 'NULL::int', height: 'NULL::int' });
  const scaled = renditionNames.map((name) =>
    object({
      name: `'${name}'`,
      url: `${image}.sizes->'${name}'->>'url'`,
      width: `(${image}.sizes->'${name}'->>'w')::int`,
      height: `(${image}.sizes->'${name}'->>'h')::int`,
    }),
  );
  return `array_to_json(ARRAY[${[thumb, ...scaled].join(', ')}])`;
}

/** `storefrontMetafields`: the product's values whose definition is storefront-visible, in jsonb's key order. */
export const visibleMetafields = (p: string) =>
  storedJson(
    `(SELECT coalesce(jsonb_object_agg(e.key, e.value), '{}'::jsonb) FROM jsonb_each(${p}.metafields) e WHERE e.key = ANY((SELECT keys FROM visible)::text[]))`,
  );
