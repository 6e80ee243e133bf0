import { STORE, StoreStatement, type SqlPart } from '../../platform/database/store-statements.js';

/** The resource types a storefront statement reads translations of. */
type TranslatedResource = 'product' | 'product_metafields' | 'variant' | 'category' | 'collection';
const translatedResources = new Set<string>(['product', 'product_metafields', 'variant', 'category', 'collection']);

/** A translation's alias in a statement: written into its text, so only a short plain name. */
const aliasPattern = /^[a-z]{1,3}$/;

/**
 * What a storefront statement joins as `alias` for the translation of the `resourceType` row
 * `resourceId` into the request's locale (`req.locale`), with `ON`: the statement reads only its
 * `fields`, null where nothing is translated. In the store's primary locale nothing translates into,
 * and the join is to one row of nulls on false: the statement's text then names no "Translation",
 * so PostgreSQL neither locks nor opens that table and its indexes on each run (about a tenth of a
 * product page's time in the database, measured against the same statement with the joins). The
 * two forms are two texts, each prepared on its own; both answer the same bytes in the primary
 * locale (test/rest/storefront/products/detail-sql.test.ts, card-sql.test.ts).
 */
export function translationJoin(translated: boolean, alias: string, resourceType: TranslatedResource, resourceId: SqlPart): SqlPart {
  if (!aliasPattern.test(alias) || !translatedResources.has(resourceType))
    throw new Error(`"${alias}" of "${resourceType}" is no translation a statement may join.`);
  if (!translated) return new StoreStatement([`(SELECT NULL::jsonb AS fields) ${alias} ON false`], []);
  return new StoreStatement(
    [
      `"Translation" ${alias} ON ${alias}."storeId" = `,
      ` AND ${alias}."resourceType" = '${resourceType}' AND ${alias}."resourceId" = `,
      ` AND ${alias}.locale = req.locale`,
    ],
    [STORE, resourceId],
  );
}

/** Two of a statement part, built once at load: the primary locale's, and every other's. */
export function byTranslation<Part>(build: (translated: boolean) => Part): (translated: boolean) => Part {
  const primary = build(false);
  const other = build(true);
  return (translated) => (translated ? other : primary);
}
