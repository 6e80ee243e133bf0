// What every floor statement reads beside its products: the store row, its live automatic
// discounts and its storefront-visible metafield keys (common table expressions). Per product,
// the pricing rule, the card images and the metafields are Bazaar's own SQL forms
// (src/domain/pricing/pricing-sql.ts and the others), as text; the discounts are read here, in the
// statement, where Bazaar reads them once per store and hands them to its statement.
// Parameters: $1 the store's id, $2 the request's clock.
import { cardImagesSql } from '../../src/domain/catalog/product-view.js';
import { localizedMetafieldsSql } from '../../src/domain/custom-data/localized-metafields.js';
import { renditionsJson } from '../../src/domain/media/renditions-sql.js';
import { bestPriceOf as bestPriceSql, discountJoins as discountSql, pricingJoins as pricingSql } from '../../src/domain/pricing/pricing-sql.js';
import { object, sqlOf, sqlText } from './json-sql.js';

/** `shopperVisible`: published, active, not deleted, of the store. */
export const shopperVisible = (p: string) => `${p}."storeId" = $1::uuid AND ${p}.published AND ${p}.status = 'active' AND ${p}."deletedAt" IS NULL`;

/**
 * The store row (`shop`), its live automatic discounts (`offers`: `liveAutomaticOffers`, the 200
 * of highest priority, then those not used up, each with its `rank`, `byRank`) and the
 * storefront-visible product metafield keys (`visible`, `storefrontMetafields`). Materialized:
 * PostgreSQL would otherwise fold a CTE read once into its reader, and read the discounts again for
 * every product.
 */
export const storeFacts = `
  shop AS MATERIALIZED (SELECT * FROM "Store" WHERE id = $1::uuid),
  offers AS MATERIALIZED (
    SELECT *, row_number() OVER (ORDER BY priority DESC, "createdAt", id) AS rank FROM (
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

/** `variantDiscountPrice` of a product row `p`: the lowest price its offers leave of `price`. */
export const bestPriceOf = (price: string) => sqlText(bestPriceSql(sqlOf(price)));

/** The price and stock of a product row `p` (`pr`, `va`). */
export const pricingJoins = sqlText(pricingSql);

/** Its discounts (`ds`), each applied as `json` writes an offer `x`. */
export const discountJoins = (json: string) => sqlText(discountSql(sqlOf(json)));

/** Its card images (`pi`, `vi`). */
export const cardImageJoins = sqlText(cardImagesSql);

/** The primary locale's text (`tx`) and storefront metafields (`mf`) of a product row `p`: no translation rows. */
export const primaryTextJoins = `
  CROSS JOIN LATERAL (SELECT p.title, p.excerpt, p.description) tx
  CROSS JOIN (SELECT NULL::jsonb AS fields) tm
  CROSS JOIN LATERAL (SELECT (${sqlText(localizedMetafieldsSql)}) AS metafields) mf`;

/** `orderedRenditions` of an image row (null without one). */
export const renditions = (image: string) => sqlText(renditionsJson({ id: sqlOf(`${image}.id`), sizes: sqlOf(`${image}.sizes`) }));

const renditionNames = ['card', 'card2x', 'view', 'wa', 'original'] as const;

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
