// The storefront GraphQL Product as the bench's `products(first: 50)` document selects it
// (bench/scenarios.ts `productFields`), as SQL over a product row `p` joined with `shop` and
// shown-sql.ts's `pr` and `ds`: the fields in the document's order, as the resolvers of
// src/graphql/catalog/product-types.ts and src/graphql/promotions/product-fields.ts answer them.
import { globalId, isoTimestamp, list, moneyString, object } from './json-sql.js';
import { renditionList } from './shown-sql.js';

const amount = (sql: string) => object({ amount: moneyString(sql) });

/** `discount { id amount { amount } }` of an offer `x` applied in shown-sql.ts's `discountJoins`. */
export const graphqlDiscount = object({ id: 'x.id', amount: amount('x.amount') });

export function graphqlNode(p: string): string {
  return object({
    id: globalId('Product', `${p}.id::text`),
    pId: `${p}."pId"`,
    slug: `${p}.slug`,
    title: `${p}.title`,
    excerpt: `${p}.excerpt`,
    description: `${p}.description`,
    type: `${p}.type`,
    videoUrl: `${p}."videoUrl"`,
    featured: `${p}.featured`,
    rating: `${p}.rating::float8`,
    reviewCount: `${p}."reviewCount"`,
    createdAt: isoTimestamp(`${p}."createdAt"`),
    updatedAt: isoTimestamp(`${p}."updatedAt"`),
    price: object({ amount: moneyString('pr.price'), currencyCode: 'shop.currency' }),
    discountPrice: amount('coalesce(ds.best_final, pr.price)'),
    discount: 'ds.ranked[1]',
    compareAtPrice: `CASE WHEN pr.compare_at IS NOT NULL THEN ${amount('pr.compare_at')} END`,
    priceRange: object({ min: amount('pr.price'), max: amount('pr.max_price') }),
    hasVariants: 'pr.has_variants',
    inStock: 'pr.in_stock',
    totalStock: 'pr.total_stock',
    category: `(SELECT ${object({ id: globalId('Category', 'c.id::text'), name: 'c.name', slug: 'c.slug' })} FROM "Category" c WHERE c.id = ${p}."categoryId")`,
    images: list(
      object({ id: 'i.id', url: 'i.url', alt: 'i.alt', renditions: renditionList('i') }),
      `"ProductImage" i WHERE i."productId" = ${p}.id`,
      'i.position, i.id',
    ),
    variants: list(
      object({
        id: globalId('Variant', 'v.id::text'),
        title: 'v.title',
        price: amount('v.price'),
        inStock: 'NOT v."trackInventory" OR v."isBackorder" OR v.stock > 0',
        quantity: 'CASE WHEN v."trackInventory" THEN v.stock END',
      }),
      `"Variant" v WHERE v."productId" = ${p}.id AND v."isActive"`,
      'v.position, v."pId"',
    ),
  });
}
