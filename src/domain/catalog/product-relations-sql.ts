import type { ProductImage, Variant } from '../../generated/prisma/client.js';
import { STORE, prepared, storeSql } from '../../platform/database/store-statements.js';
import { revived, rowKinds } from '../json-rows.js';

/**
 * A product's variants and images as PostgreSQL writes them into a statement's answer (JSON arrays,
 * in the loaders' orders, `relationOrder`), for the product the outer statement calls `p`: the
 * shopper's rows (shown-rows.ts) and checkout's sold products (place-order-statement.ts) read them so.
 */
export const variantsJsonSql = storeSql`coalesce((SELECT json_agg(v ORDER BY v.position, v."pId") FROM "Variant" v WHERE v."storeId" = ${STORE} AND v."productId" = p.id), '[]')`;
export const imagesJsonSql = storeSql`coalesce((SELECT json_agg(i ORDER BY i.position, i.id) FROM "ProductImage" i WHERE i."storeId" = ${STORE} AND i."productId" = p.id), '[]')`;

export const revivedVariants = (rows: Record<string, unknown>[]) => rows.map((v) => revived<Variant>(v, rowKinds.variant));
export const revivedImages = (rows: Record<string, unknown>[]) => rows.map((i) => revived<ProductImage>(i, rowKinds.image));

/**
 * The variants of a batch of products, in the loaders' order, as one JSON array read past Prisma
 * (direct-reads.ts): the variants loader's read, which a product page, a cart and a checkout all make.
 */
export const variantsOfProducts = (productIds: string[]) =>
  prepared(
    'variants-of-products',
    storeSql<{ variants: Record<string, unknown>[] }>`
    SELECT coalesce(json_agg(v ORDER BY v.position, v."pId"), '[]') AS variants
    FROM "Variant" v WHERE v."storeId" = ${STORE} AND v."productId" = ANY(${productIds}::uuid[])`,
  );
