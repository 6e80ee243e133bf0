import { STORE, prepared, storeSql, type SqlPart } from '../../platform/database/store-statements.js';
import { localizedMetafieldsSql } from '../custom-data/localized-metafields.js';
import { storefrontMetafieldKeysSql } from '../custom-data/storefront-metafields.js';
import type { Ctx } from '../context.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';
import { discountJoins, offersTable, pricingJoins } from '../pricing/pricing-sql.js';
import { cardImagesSql, localizedProductTextSql } from './product-view.js';
import { shopperVisibleSql } from './visibility.js';

/**
 * How a face writes a shopper-visible product in SQL (its presenter's SQL form): `head`, the text
 * of its JSON up to its metafields' value, and `tail`, the text after it; the product's storefront
 * metafields in the locale go between them as JSON.stringify writes them. Both read:
 * - `p`, the product row; `tx` its text in the locale (`title`, `excerpt`, `description`);
 * - `pr` and `va`, its price and stock, and `ds`, its discounts, each applied as `discount`
 *   writes an offer `x` (pricing-sql.ts);
 * - `pi` and `vi`, its card images (product-view.ts);
 * - `req.now`, the request's clock, and `face`, the one row of the face's own values (`row`, a SELECT).
 */
export interface ShownProductSql {
  head: SqlPart;
  tail: SqlPart;
  discount: SqlPart;
  row: SqlPart;
}

/**
 * A page of shopper-visible products as one JSON array, written by PostgreSQL but for the
 * metafields, in the order of `ids`, each as the face writes it, with the live offers of the
 * request's clock (the same ones every other read prices with) and the translations of `locale`:
 * one statement. A product no longer visible leaves the array; the page's other filters are not
 * read again (a product that left them since the page's keys were read shows once more, as it is
 * now). A cached answer built with it follows the stock of these products only. Prepared: a face's
 * statement has one text, planned once per connection.
 */
export async function shownProductsJson(ctx: Ctx, ids: string[], locale: ResolvedLocale, face: ShownProductSql): Promise<string> {
  if (!ids.length) return '[]';
  const translated = locale.isPrimary ? null : locale.code;
  const statement = prepared(
    'shown-products',
    storeSql<{ head: string; metafields: unknown; tail: string }>`
    WITH req AS MATERIALIZED (SELECT ${ctx.now.toISOString()}::timestamptz AS now),
    face AS MATERIALIZED (${face.row}),
    ${offersTable(await ctx.loaders.liveOffers())},
    ${storefrontMetafieldKeysSql}
    SELECT ${face.head} AS head, mf.metafields, ${face.tail} AS tail
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, n)
    JOIN "Product" p ON p.id = o.id
    CROSS JOIN req CROSS JOIN face
    LEFT JOIN "Translation" t ON t."storeId" = ${STORE} AND t."resourceType" = 'product' AND t."resourceId" = p.id AND t.locale = ${translated}
    LEFT JOIN "Translation" tm ON tm."storeId" = ${STORE} AND tm."resourceType" = 'product_metafields' AND tm."resourceId" = p.id AND tm.locale = ${translated}
    ${pricingJoins}
    ${discountJoins(face.discount)}
    ${cardImagesSql}
    CROSS JOIN LATERAL (${localizedProductTextSql}) tx
    CROSS JOIN LATERAL (SELECT (${localizedMetafieldsSql}) AS metafields) mf
    WHERE ${shopperVisibleSql}
    ORDER BY o.n`,
  );
  const rows = await ctx.db.$storeQuery(statement, { stockOf: ids });
  return `[${rows.map((row) => `${row.head}${JSON.stringify(row.metafields)}${row.tail}`).join(',')}]`;
}
