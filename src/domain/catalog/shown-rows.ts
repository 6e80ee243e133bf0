import type { Category, Product, ProductOption } from '../../generated/prisma/client.js';
import { STORE, prepared, storeSql } from '../../platform/database/store-statements.js';
import type { Ctx } from '../context.js';
import { revived, rowKinds as kinds } from '../json-rows.js';
import { imagesJsonSql, revivedImages, revivedVariants, variantsJsonSql } from './product-relations-sql.js';
import { shopperVisibleSql } from './visibility.js';

/**
 * What a shopper's product card or page shows besides the product's own row, read with it in one
 * store statement in which PostgreSQL writes each product and its relations as JSON, in the
 * loaders' orders (`relationOrder`): its variants, images and options, and its category. On
 * PostgreSQL it goes past Prisma (direct-reads.ts): Prisma's joined read of a 50-card page took
 * about 12 ms of the process's CPU, decoding every column of every row twice, where node-postgres
 * parses the same rows' JSON in about 4. Every face reads these relations through the request's
 * loaders, which `readShown` primes, so presenters and resolvers do not know where the rows came from.
 */
type ShownJson = {
  product: Record<string, unknown>;
  variants: Record<string, unknown>[];
  images: Record<string, unknown>[];
  options: Record<string, unknown>[];
  category: Record<string, unknown> | null;
};

const shownRows = (ids: readonly string[]) =>
  prepared(
    'shown-rows',
    storeSql<ShownJson>`
    SELECT to_json(p) AS product,
      ${variantsJsonSql} AS variants,
      ${imagesJsonSql} AS images,
      coalesce((SELECT json_agg(o ORDER BY o.position, o.name) FROM "ProductOption" o WHERE o."storeId" = ${STORE} AND o."productId" = p.id), '[]') AS options,
      (SELECT to_json(c) FROM "Category" c WHERE c."storeId" = ${STORE} AND c.id = p."categoryId") AS category
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS k(id, n)
    JOIN "Product" p ON p.id = k.id AND ${shopperVisibleSql}
    ORDER BY k.n`,
  );

/**
 * The shopper-visible products `keys` name (rows read by the page's own filter and sort, in its
 * order), read with what their cards and pages show in one statement, their relations handed to the
 * request's loaders (a loader already holding a product keeps what it holds). Each answers as its
 * key row read it where the two overlap, so the page's cursor is the one its order was read by. A
 * product hidden (deleted, unpublished) between the two statements leaves the page, as it leaves
 * the REST cards (shown-json.ts); one that left the page's other filters since shows once more, as
 * it is now. A cached answer built with it follows the stock of these products only.
 */
export async function readShown<Key extends { id: string }>(ctx: Ctx, keys: Key[]): Promise<(Product & Key)[]> {
  if (!keys.length) return [];
  const ids = keys.map((key) => key.id);
  const rows = await ctx.db.$storeQuery(shownRows(ids), { stockOf: ids });
  const { loaders } = ctx;
  const products = new Map<string, Product>();
  for (const row of rows) {
    const product = revived<Product>(row.product, kinds.product);
    loaders.variantsByProduct.prime(product.id, revivedVariants(row.variants));
    loaders.imagesByProduct.prime(product.id, revivedImages(row.images));
    loaders.optionsByProduct.prime(product.id, row.options as ProductOption[]);
    if (row.category) loaders.categoryById.prime(row.category.id as string, revived<Category>(row.category, kinds.category));
    products.set(product.id, product);
  }
  return keys.flatMap((key) => {
    const product = products.get(key.id);
    return product ? [{ ...product, ...key }] : [];
  });
}
