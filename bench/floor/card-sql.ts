// The storefront REST product card and product page as the floor writes them: the card is Bazaar's
// own SQL form (src/rest/storefront/products/card-sql.ts) over a product row `p` joined with `shop`
// and shown-sql.ts's joins; the page adds the detail's fields in the order of its TypeScript form
// (test/support/product-page-form.ts). The primary locale's text (the floor serves no `locale`).
import { jsonObject } from '../../src/platform/database/json-sql.js';
import { appliedDiscount, cardFieldsAfterMetafields, cardFieldsBeforeMetafields } from '../../src/rest/storefront/products/card-sql.js';
import { list, moneyNumber, object, sqlOf, sqlText, storedJson } from './json-sql.js';
import { bestPriceOf, primaryTextJoins, renditions } from './shown-sql.js';

/** `presentAppliedDiscount` of an offer `x` applied in shown-sql.ts's `discountJoins`. */
export const restDiscount = sqlText(appliedDiscount);

/** What Bazaar's card reads beside the pricing joins: the clock (`req`), the store's own values (`face`), the text and metafields. */
export const cardContextJoins = `
  CROSS JOIN (SELECT $2::timestamptz AS now) req
  CROSS JOIN (
    SELECT s.id AS shop_id, s."commerceMode" AS commerce_mode, s.currency,
      ${object({ id: 's.id', name: 's.name', slug: 's.slug', logo: 's."logoUrl"', rating: moneyNumber('s.rating'), rating_count: 's."ratingCount"' })} AS shop
    FROM shop s
  ) face
  ${primaryTextJoins}`;

/** `presentImage`: an image in a card's gallery or on a variant. */
const galleryImage = (i: string) => object({ id: `${i}.id`, url: `${i}.url`, alt: `${i}.alt`, variants: renditions(i) });

/**
 * `presentProductCard`'s fields: Bazaar's, with the metafields written by PostgreSQL in jsonb's
 * compact form, which is JSON.stringify's for the floor's data (no nulls, plain numbers).
 */
const cardFields = { ...cardFieldsBeforeMetafields, metafields: sqlOf(storedJson('mf.metafields')), ...cardFieldsAfterMetafields };

/** The card of the product row `p`. */
export const restCard = sqlText(jsonObject(cardFields));

/** `presentVariant`, for a product page. */
const variant = object({
  id: 'v.id',
  p_id: 'v."pId"',
  title: 'v.title',
  sku: 'v.sku',
  option_values: storedJson('v."optionValues"'),
  price: moneyNumber('v.price'),
  discount_price: moneyNumber(bestPriceOf('v.price')),
  compare_at_price: moneyNumber(`CASE WHEN v."compareAtPrice" > v.price THEN v."compareAtPrice" END`),
  in_stock: 'NOT v."trackInventory" OR v."isBackorder" OR v.stock > 0',
  tracking: 'v."trackInventory"',
  quantity: 'CASE WHEN v."trackInventory" THEN v.stock END',
  is_backorder: 'v."isBackorder"',
  backorder_ready_date: `to_char(v."backorderReadyDate", 'YYYY-MM-DD')`,
  position: 'v.position',
  image: `(SELECT ${galleryImage('vimg')} FROM "ProductImage" vimg WHERE vimg.id = v."imageId" AND vimg."productId" = p.id)`,
});

/** The product page of the product row `p` (test/support/product-page-form.ts): the card's fields, then the page's own. */
export const restDetail = sqlText(
  jsonObject({
    ...cardFields,
    image_variants: sqlOf(renditions('pi')),
    in_stock: sqlOf('pr.in_stock'),
    images: sqlOf(
      list(
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
        `"ProductImage" i WHERE i."productId" = p.id`,
        'i.position, i.id',
      ),
    ),
    options: sqlOf(
      list(object({ name: 'po.name', position: 'po.position', values: 'po.values' }), `"ProductOption" po WHERE po."productId" = p.id`, 'po.position, po.name'),
    ),
    variants: sqlOf(list(variant, `"Variant" v WHERE v."productId" = p.id AND v."isActive"`, 'v.position, v."pId"')),
    category: sqlOf(
      `(SELECT ${object({ id: 'c.id', p_id: 'c."pId"', name: 'c.name', slug: 'c.slug', parent_id: 'c."parentId"' })} FROM "Category" c WHERE c.id = p."categoryId")`,
    ),
    // `storefrontCollectionsOf`: storefront manual collections holding the product, in the merchant's collection order.
    collections: sqlOf(
      list(
        object({ id: 'c.id', name: 'c.name', slug: 'c.slug' }),
        `"CollectionProduct" cp JOIN "Collection" c ON c.id = cp."collectionId" WHERE cp."productId" = p.id AND c.storefront AND c.mode = 'manual'`,
        'c.position, c."pId"',
      ),
    ),
  }),
);
