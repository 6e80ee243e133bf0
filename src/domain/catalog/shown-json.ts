import { STORE, prepared, storeSql, type SqlPart } from '../../platform/database/store-statements.js';
import { localizedMetafieldsSql } from '../custom-data/localized-metafields.js';
import { storefrontMetafieldKeysSql } from '../custom-data/storefront-metafields.js';
import type { Ctx } from '../context.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';
import { discountJoins, offersTable, pricingJoins } from '../pricing/pricing-sql.js';
import { cardImagesSql, localizedProductTextSql } from './product-view.js';
import { translationJoin } from '../translations/translation-sql.js';
import { shopperVisibleSql } from './visibility.js';

/**
 * How a face writes a shopper-visible product in SQL (its presenter's SQL form): `head`, the text
 * of its JSON up to its metafields' value, and `tail`, the text after it; the product's storefront
 * metafields in the locale go between them as JSON.stringify writes them. Both read:
 * - `p`, the product row; `tx` its text in the locale (`title`, `excerpt`, `description`);
 * - `pr` and `va`, its price and stock, and `ds`, its discounts, each applied as `discount`
 *   writes an offer `x` (pricing-sql.ts);
 * - `pi` and `vi`, its card images (product-view.ts);
 * - `req.now`, the request's clock, and `req.locale`, the locale it translates into (null for the
 *   store's primary one, which nothing translates into);
 * - `face`, the one row of the face's own values (`row`, a SELECT).
 */
export interface ShownProductSql {
  head: SqlPart;
  tail: SqlPart;
  discount: SqlPart;
  row: SqlPart;
}

type ShownRow = { id: string; head: string; metafields: unknown; tail: string };

/**
 * The statement writing the shopper-visible products of `from` (a FROM clause naming the rows `p`)
 * that `match` (a condition on them) in `order`, prepared under `name`, each as the face writes it, with the live offers
 * of the request's clock (the same ones every other read prices with) and the translations of
 * `locale`. Prepared: a face's statement has one text, planned once per connection.
 */
async function shownStatement(ctx: Ctx, locale: ResolvedLocale, face: ShownProductSql, rows: { name: string; from: SqlPart; match: SqlPart; order?: SqlPart }) {
  const translated = locale.isPrimary ? null : locale.code;
  return prepared(
    rows.name,
    storeSql<ShownRow>`
    WITH req AS MATERIALIZED (SELECT ${ctx.now.toISOString()}::timestamptz AS now, ${translated}::text AS locale),
    face AS MATERIALIZED (${face.row}),
    ${offersTable(await ctx.loaders.liveOffers())},
    ${storefrontMetafieldKeysSql}
    SELECT p.id, ${face.head} AS head, mf.metafields, ${face.tail} AS tail
    FROM ${rows.from}
    CROSS JOIN req CROSS JOIN face
    LEFT JOIN ${translationJoin(translated !== null, 't', 'product', storeSql`p.id`)}
    LEFT JOIN ${translationJoin(translated !== null, 'tm', 'product_metafields', storeSql`p.id`)}
    ${pricingJoins}
    ${discountJoins(face.discount)}
    ${cardImagesSql}
    CROSS JOIN LATERAL (${localizedProductTextSql}) tx
    CROSS JOIN LATERAL (SELECT (${localizedMetafieldsSql}) AS metafields) mf
    WHERE ${shopperVisibleSql} AND ${rows.match}
    ${rows.order ? storeSql`ORDER BY ${rows.order}` : storeSql``}`,
  );
}

/** A row's JSON: the face's text around the metafields, which the process writes as JSON.stringify does. */
const textOf = (row: ShownRow) => `${row.head}${JSON.stringify(row.metafields)}${row.tail}`;

/**
 * A page of shopper-visible products as one JSON array, written by PostgreSQL but for the
 * metafields, in the order of `ids`, each as the face writes it (`shownStatement`): one statement.
 * A product no longer visible leaves the array; the page's other filters are not read again (a
 * product that left them since the page's keys were read shows once more, as it is now). A cached
 * answer built with it follows the stock of these products only.
 */
export async function shownProductsJson(ctx: Ctx, ids: string[], locale: ResolvedLocale, face: ShownProductSql): Promise<string> {
  if (!ids.length) return '[]';
  const from = storeSql`unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, n) JOIN "Product" p ON p.id = o.id`;
  const statement = await shownStatement(ctx, locale, face, { name: 'shown-products', from, match: storeSql`true`, order: storeSql`o.n` });
  const rows = await ctx.db.$storeQuery(statement, { stockOf: ids });
  return `[${rows.map(textOf).join(',')}]`;
}

/**
 * The shopper-visible product of a slug as the face writes it, or null when there is none: one
 * statement, which finds the product too. A cached answer built with it follows that product's stock.
 */
export async function shownProductJson(ctx: Ctx, slug: string, locale: ResolvedLocale, face: ShownProductSql): Promise<string | null> {
  const statement = await shownProductStatement(ctx, slug, locale, face);
  const rows = await ctx.db.$storeQuery(statement, { stockOf: (found) => found.map((row) => row.id) });
  return rows[0] ? textOf(rows[0]) : null;
}

/** The statement of `shownProductJson`. */
export function shownProductStatement(ctx: Ctx, slug: string, locale: ResolvedLocale, face: ShownProductSql) {
  return shownStatement(ctx, locale, face, { name: 'shown-product', from: storeSql`"Product" p`, match: storeSql`p.slug = ${slug}` });
}
