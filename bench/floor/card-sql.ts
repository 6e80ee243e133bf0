// The storefront REST product card and product page (src/rest/storefront/products/presenters.ts)
// as SQL over a product row `p` joined with `shop` and shown-sql.ts's `pr`, `ds`, `pi` and `vi`.
// Keys in the presenters' order; the primary locale's text (the floor serves no `locale`).
import { cardTimestamp, list, moneyNumber, object, storedJson } from './json-sql.js';
import { bestPriceOf, renditions, visibleMetafields } from './shown-sql.js';

/** `presentAppliedDiscount` of an offer `x` applied in shown-sql.ts's `discountJoins`. */
export const restDiscount = object({
  id: 'x.id',
  title: 'x.title',
  type: 'x.type',
  value: moneyNumber('x.value'),
  amount: moneyNumber('x.amount'),
  final_price: moneyNumber('x.final'),
  image_url: 'x."imageUrl"',
});

/** `presentImage`: an image in a card's gallery or on a variant. */
const galleryImage = (i: string) => object({ id: `${i}.id`, url: `${i}.url`, alt: `${i}.alt`, variants: renditions(i) });

const images = (p: string) => `"ProductImage" i WHERE i."productId" = ${p}.id`;
const imageOrder = 'i.position, i.id';

/** `presentProductCard`'s fields. */
function cardFields(p: string): Record<string, string> {
  const card = `pi.sizes->'card'->>'url'`;
  const thumb = `pi.sizes->'thumb'->>'url'`;
  return {
    shop_id: 'shop.id',
    id: `${p}.id`,
    p_id: `${p}."pId"`,
    title: `${p}.title`,
    slug: `${p}.slug`,
    excerpt: `${p}.excerpt`,
    description: `${p}.description`,
    image: card,
    thumbnail_image: thumb,
    video_url: `${p}."videoUrl"`,
    video_poster_url: `${p}."videoPosterUrl"`,
    type: `${p}.type`,
    commerce_mode: 'shop."commerceMode"',
    currency: 'shop.currency',
    price: moneyNumber('pr.price'),
    discount_price: moneyNumber('coalesce(ds.best_final, pr.price)'),
    compare_at_price: moneyNumber('pr.compare_at'),
    is_price_from: 'pr.has_variants AND pr.price <> pr.max_price',
    price_range: `CASE WHEN pr.has_variants THEN ${object({ min: moneyNumber('pr.price'), max: moneyNumber('pr.max_price') })} END`,
    has_variants: 'pr.has_variants',
    has_addons: 'false',
    tax_inclusive: `${p}."taxInclusive"`,
    discount: 'ds.ranked[1]',
    discounts: `coalesce(array_to_json(ds.ranked), '[]'::json)`,
    media: object({
      thumbnail: thumb,
      image: card,
      original: 'pi.url',
      primary_variant_image: 'vi.url',
      image_variants: renditions('pi'),
      primary_variant_image_variants: renditions('vi'),
      images: list(galleryImage('i'), images(p), imageOrder),
    }),
    inventory: object({ in_stock: 'pr.in_stock', tracking: 'pr.tracks', quantity: 'pr.total_stock' }),
    variant_summary: object({
      count: 'pr.variant_count',
      min_price: moneyNumber('pr.price'),
      max_price: moneyNumber('pr.max_price'),
      total_stock: 'pr.total_stock',
      tracks_inventory: 'pr.tracks',
      in_stock: 'pr.in_stock',
    }),
    variants_count: 'pr.variant_count',
    rating: moneyNumber(`${p}.rating`),
    review_count: `${p}."reviewCount"`,
    flags: object({
      featured: `${p}.featured`,
      is_marketplace: `${p}."isMarketplace"`,
      is_wholesale: `${p}."isWholesale"`,
      // `isNew`: thirty days of 24 hours, whatever the session's time zone does with a day.
      is_new: `${p}."createdAt" > $2::timestamptz - interval '720 hours'`,
    }),
    metafields: visibleMetafields(p),
    created_at: cardTimestamp(`${p}."createdAt"`),
    updated_at: cardTimestamp(`${p}."updatedAt"`),
    shop: object({
      id: 'shop.id',
      name: 'shop.name',
      slug: 'shop.slug',
      logo: 'shop."logoUrl"',
      rating: moneyNumber('shop.rating'),
      rating_count: 'shop."ratingCount"',
    }),
  };
}

/** The card of a product row `p`. */
export const restCard = (p: string) => object(cardFields(p));

/** `presentVariant`, for a product page. */
function variant(p: string): string {
  return object({
    id: 'v.id',
    p_id: 'v."pId"',
    title: 'v.title',
    sku: 'v.sku',
    option_values: storedJson('v."optionValues"'),
    price: moneyNumber('v.price'),
    discount_price: moneyNumber(bestPriceOf('v.price', p)),
    compare_at_price: moneyNumber(`CASE WHEN v."compareAtPrice" > v.price THEN v."compareAtPrice" END`),
    in_stock: 'NOT v."trackInventory" OR v."isBackorder" OR v.stock > 0',
    tracking: 'v."trackInventory"',
    quantity: 'CASE WHEN v."trackInventory" THEN v.stock END',
    is_backorder: 'v."isBackorder"',
    backorder_ready_date: `to_char(v."backorderReadyDate", 'YYYY-MM-DD')`,
    position: 'v.position',
    image: `(SELECT ${galleryImage('vimg')} FROM "ProductImage" vimg WHERE vimg.id = v."imageId" AND vimg."productId" = ${p}.id)`,
  });
}

/** `presentProductDetail`: the card's fields, then the page's own. */
export function restDetail(p: string): string {
  return object({
    ...cardFields(p),
    image_variants: renditions('pi'),
    in_stock: 'pr.in_stock',
    images: list(
      object({
        id: 'i.id',
        url: 'i.url',
        alt: 'i.alt',
        width: 'i.width',
        height: 'i.height',
        position: 'i.position',
        is_primary: 'i.id = pi.id',
        image_variants: renditions('i'),
      }),
      images(p),
      imageOrder,
    ),
    options: list(
      object({ name: 'po.name', position: 'po.position', values: 'po.values' }),
      `"ProductOption" po WHERE po."productId" = ${p}.id`,
      'po.position, po.name',
    ),
    variants: list(variant(p), `"Variant" v WHERE v."productId" = ${p}.id AND v."isActive"`, 'v.position, v."pId"'),
    category: `(SELECT ${object({ id: 'c.id', p_id: 'c."pId"', name: 'c.name', slug: 'c.slug', parent_id: 'c."parentId"' })} FROM "Category" c WHERE c.id = ${p}."categoryId")`,
    // `storefrontCollectionsOf`: storefront manual collections holding the product, in the merchant's collection order.
    collections: list(
      object({ id: 'c.id', name: 'c.name', slug: 'c.slug' }),
      `"CollectionProduct" cp JOIN "Collection" c ON c.id = cp."collectionId" WHERE cp."productId" = ${p}.id AND c.storefront AND c.mode = 'manual'`,
      'c.position, c."pId"',
    ),
  });
}
