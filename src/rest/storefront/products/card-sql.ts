import type { Store } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../../domain/context.js';
import { shownProductsJson, type ShownProductSql } from '../../../domain/catalog/shown-json.js';
import type { ResolvedLocale } from '../../../domain/locale/resolve-locale.js';
import { renditionsJson } from '../../../domain/media/renditions-sql.js';
import { cardTimestamp, jsonList, jsonObject, jsonObjectRest, jsonObjectUpTo, moneyNumber } from '../../../platform/database/json-sql.js';
import { storeSql } from '../../../platform/database/store-statements.js';
import { listOfJson, type ListPage } from '../../kit/envelope.js';

// `presentProductCard` (presenters.ts) in SQL, over the tables `shownProductsJson` names
// (domain/catalog/shown-json.ts): keys in the presenter's order, values formatted as it formats
// them. test/rest/storefront/products/card-sql.test.ts holds the two to the same bytes.

/** `presentAppliedDiscount` of an offer `x` applied (pricing-sql.ts). */
export const appliedDiscount = jsonObject({
  id: storeSql`x.id`,
  title: storeSql`x.title`,
  type: storeSql`x.type`,
  value: moneyNumber(storeSql`x.value`),
  amount: moneyNumber(storeSql`x.amount`),
  final_price: moneyNumber(storeSql`x.final`),
  image_url: storeSql`x."imageUrl"`,
});

/** `presentImage` of a gallery image `i`. */
export const galleryImage = jsonObject({
  id: storeSql`i.id`,
  url: storeSql`i.url`,
  alt: storeSql`i.alt`,
  variants: renditionsJson({ id: storeSql`i.id`, sizes: storeSql`i.sizes` }),
});

const cardUrl = storeSql`pi.sizes->'card'->>'url'`;
const thumbUrl = storeSql`pi.sizes->'thumb'->>'url'`;

/** `presentProductCard`'s fields before `metafields`. */
export const cardFieldsBeforeMetafields = {
  shop_id: storeSql`face.shop_id`,
  id: storeSql`p.id`,
  p_id: storeSql`p."pId"`,
  title: storeSql`tx.title`,
  slug: storeSql`p.slug`,
  excerpt: storeSql`tx.excerpt`,
  description: storeSql`tx.description`,
  image: cardUrl,
  thumbnail_image: thumbUrl,
  video_url: storeSql`p."videoUrl"`,
  video_poster_url: storeSql`p."videoPosterUrl"`,
  type: storeSql`p.type`,
  commerce_mode: storeSql`face.commerce_mode`,
  currency: storeSql`face.currency`,
  price: moneyNumber(storeSql`pr.price`),
  discount_price: moneyNumber(storeSql`coalesce(ds.best_final, pr.price)`),
  compare_at_price: moneyNumber(storeSql`pr.compare_at`),
  is_price_from: storeSql`pr.has_variants AND pr.price <> pr.max_price`,
  price_range: storeSql`CASE WHEN pr.has_variants THEN ${jsonObject({ min: moneyNumber(storeSql`pr.price`), max: moneyNumber(storeSql`pr.max_price`) })} END`,
  has_variants: storeSql`pr.has_variants`,
  has_addons: storeSql`false`,
  tax_inclusive: storeSql`p."taxInclusive"`,
  discount: storeSql`ds.ranked[1]`,
  discounts: storeSql`coalesce(array_to_json(ds.ranked), '[]'::json)`,
  media: jsonObject({
    thumbnail: thumbUrl,
    image: cardUrl,
    original: storeSql`pi.url`,
    primary_variant_image: storeSql`vi.url`,
    image_variants: renditionsJson({ id: storeSql`pi.id`, sizes: storeSql`pi.sizes` }),
    primary_variant_image_variants: renditionsJson({ id: storeSql`vi.id`, sizes: storeSql`vi.sizes` }),
    images: jsonList(galleryImage, storeSql`"ProductImage" i WHERE i."productId" = p.id`, storeSql`i.position, i.id`),
  }),
  inventory: jsonObject({ in_stock: storeSql`pr.in_stock`, tracking: storeSql`pr.tracks`, quantity: storeSql`pr.total_stock` }),
  variant_summary: jsonObject({
    count: storeSql`pr.variant_count`,
    min_price: moneyNumber(storeSql`pr.price`),
    max_price: moneyNumber(storeSql`pr.max_price`),
    total_stock: storeSql`pr.total_stock`,
    tracks_inventory: storeSql`pr.tracks`,
    in_stock: storeSql`pr.in_stock`,
  }),
  variants_count: storeSql`pr.variant_count`,
  rating: moneyNumber(storeSql`p.rating`),
  review_count: storeSql`p."reviewCount"`,
  flags: jsonObject({
    featured: storeSql`p.featured`,
    is_marketplace: storeSql`p."isMarketplace"`,
    is_wholesale: storeSql`p."isWholesale"`,
    // `isNew`: thirty days of 24 hours, whatever the session's time zone does with a day.
    is_new: storeSql`p."createdAt" > req.now - interval '720 hours'`,
  }),
};

/**
 * Its fields after `metafields`, whose values the process writes itself: a metafield's JSON (a
 * nested null, a number, a key that looks like an index) is written as JSON.stringify writes it,
 * which jsonb's own text is not.
 */
export const cardFieldsAfterMetafields = {
  created_at: cardTimestamp(storeSql`p."createdAt"`),
  updated_at: cardTimestamp(storeSql`p."updatedAt"`),
  shop: storeSql`face.shop`,
};

const cardHead = jsonObjectUpTo(cardFieldsBeforeMetafields, 'metafields');
const cardTail = jsonObjectRest(cardFieldsAfterMetafields);

/** The storefront product card in SQL, for a store: `shownProductsJson`'s face. */
export function productCardSql(store: Store): ShownProductSql {
  const shop = {
    id: store.id,
    name: store.name,
    slug: store.slug,
    logo: store.logoUrl,
    rating: Number(store.rating.toFixed(2)),
    rating_count: store.ratingCount,
  };
  return {
    head: cardHead,
    tail: cardTail,
    discount: appliedDiscount,
    row: storeSql`SELECT ${store.id}::uuid AS shop_id, ${store.commerceMode}::text AS commerce_mode, ${store.currency}::text AS currency, ${JSON.stringify(shop)}::json AS shop`,
  };
}

/** A list answer of the cards of a page of products (their keys, in the page's order), which PostgreSQL writes. */
export async function productCardPage(ctx: Ctx, message: string, products: { id: string }[], locale: ResolvedLocale, page: ListPage) {
  const cards = await shownProductsJson(
    ctx,
    products.map((p) => p.id),
    locale,
    productCardSql(ctx.store),
  );
  return { contentLanguage: locale.code, body: listOfJson(message, cards, page) };
}
