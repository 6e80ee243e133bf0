import type { Store } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../../domain/context.js';
import {
  localizedOptionsSql,
  localizedOptionValuesJson,
  localizedVariantsFrom,
  localizedVariantTitle,
} from '../../../domain/catalog/localized-variants-sql.js';
import { shownProductJson, type ShownProductSql } from '../../../domain/catalog/shown-json.js';
import { resolveLocale } from '../../../domain/locale/resolve-locale.js';
import { renditionsJson } from '../../../domain/media/renditions-sql.js';
import { bestPriceOf } from '../../../domain/pricing/pricing-sql.js';
import { jsonList, jsonObject, jsonObjectRest, moneyNumber } from '../../../platform/database/json-sql.js';
import { STORE, storeSql } from '../../../platform/database/store-statements.js';
import { byTranslation, translationJoin } from '../../../domain/translations/translation-sql.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { singleOfJson } from '../../kit/envelope.js';
import { cardFieldsAfterMetafields, galleryImage, productCardSql } from './card-sql.js';

// The product page in SQL: the card's fields (card-sql.ts), then the page's own. Its TypeScript
// form, built from the loaded view with the card's presenter, is kept as the reference
// (test/support/product-page-form.ts); test/rest/storefront/products/detail-sql.test.ts holds the
// two to the same bytes.

/** `presentVariant` of an active variant `v` of the product, `tv` its translation. */
const variant = byTranslation((translated) =>
  jsonObject({
    id: storeSql`v.id`,
    p_id: storeSql`v."pId"`,
    title: localizedVariantTitle,
    sku: storeSql`v.sku`,
    option_values: localizedOptionValuesJson(translated),
    price: moneyNumber(storeSql`v.price`),
    discount_price: moneyNumber(bestPriceOf(storeSql`v.price`)),
    compare_at_price: moneyNumber(storeSql`CASE WHEN v."compareAtPrice" > v.price THEN v."compareAtPrice" END`),
    // stock-policy.ts: `inStock` and `shownQuantity` of a variant.
    in_stock: storeSql`NOT v."trackInventory" OR v."isBackorder" OR v.stock > 0`,
    tracking: storeSql`v."trackInventory"`,
    quantity: storeSql`CASE WHEN v."trackInventory" THEN v.stock END`,
    is_backorder: storeSql`v."isBackorder"`,
    backorder_ready_date: storeSql`to_char(v."backorderReadyDate", 'YYYY-MM-DD')`,
    position: storeSql`v.position`,
    image: storeSql`(SELECT ${galleryImage} FROM "ProductImage" i WHERE i.id = v."imageId" AND i."productId" = p.id)`,
  }),
);

/** The page's fields after the card's, in the primary locale or another (`translated`). */
const detailFields = (translated: boolean) => ({
  ...cardFieldsAfterMetafields,
  image_variants: renditionsJson({ id: storeSql`pi.id`, sizes: storeSql`pi.sizes` }),
  in_stock: storeSql`pr.in_stock`,
  images: jsonList(
    jsonObject({
      id: storeSql`i.id`,
      url: storeSql`i.url`,
      alt: storeSql`i.alt`,
      width: storeSql`i.width`,
      height: storeSql`i.height`,
      position: storeSql`i.position`,
      is_primary: storeSql`i.id = pi.id`,
      image_variants: renditionsJson({ id: storeSql`i.id`, sizes: storeSql`i.sizes` }),
    }),
    storeSql`"ProductImage" i WHERE i."productId" = p.id`,
    storeSql`i.position, i.id`,
  ),
  options: jsonList(
    jsonObject({ name: storeSql`lo.local_name`, position: storeSql`lo.position`, values: storeSql`coalesce(array_to_json(lo.local_values), '[]'::json)` }),
    storeSql`${localizedOptionsSql(translated)} lo`,
    storeSql`lo.position, lo.name`,
  ),
  variants: jsonList(
    variant(translated),
    storeSql`${localizedVariantsFrom(translated)} WHERE v."productId" = p.id AND v."isActive"`,
    storeSql`v.position, v."pId"`,
  ),
  // `localizedCategory`: its name in the locale.
  category: storeSql`(
    SELECT ${jsonObject({ id: storeSql`c.id`, p_id: storeSql`c."pId"`, name: storeSql`coalesce(nullif(ct.fields->>'name', ''), c.name)`, slug: storeSql`c.slug`, parent_id: storeSql`c."parentId"` })}
    FROM "Category" c
    LEFT JOIN ${translationJoin(translated, 'ct', 'category', storeSql`c.id`)}
    WHERE c.id = p."categoryId" AND c."storeId" = ${STORE}
  )`,
  // `storefrontCollectionsOf`, each named in the locale (`localizedCollection`).
  collections: jsonList(
    jsonObject({ id: storeSql`c.id`, name: storeSql`coalesce(nullif(tc.fields->>'name', ''), c.name)`, slug: storeSql`c.slug` }),
    storeSql`"CollectionProduct" cp JOIN "Collection" c ON c.id = cp."collectionId"
      LEFT JOIN ${translationJoin(translated, 'tc', 'collection', storeSql`c.id`)}
      WHERE cp."productId" = p.id AND c."storeId" = ${STORE} AND c.storefront AND c.mode = 'manual'`,
    storeSql`c.position, c."pId"`,
  ),
});

const detailTail = byTranslation((translated) => jsonObjectRest(detailFields(translated)));

/** The product page in SQL, for a store: the card's face with the page's fields after the card's, in the primary locale or another (`translated`). */
export function productDetailSql(store: Store, translated: boolean): ShownProductSql {
  return { ...productCardSql(store), tail: detailTail(translated) };
}

/** GET /store/products/{slug}'s answer in the requested locale, which PostgreSQL writes; a 404 when the slug names no shopper-visible product. */
export async function productDetailJson(ctx: Ctx, input: { slug: string; locale?: string | null }) {
  const locale = await resolveLocale(ctx, input.locale);
  const product = await shownProductJson(ctx, input.slug, locale, productDetailSql(ctx.store, !locale.isPrimary));
  if (product === null) throw ApiError.notFound('Product');
  return { contentLanguage: locale.code, body: singleOfJson('Product', product) };
}
