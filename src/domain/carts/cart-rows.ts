import type { Cart, CartItem, Product } from '../../generated/prisma/client.js';
import { STORE, prepared, storeSql, type StoreStatement } from '../../platform/database/store-statements.js';
import type { Ctx } from '../context.js';
import { revived, rowKinds } from '../json-rows.js';

export type CartWithProducts = Cart & { items: (CartItem & { product: Product })[] };

type CartJson = { cart: Record<string, unknown>; items: { item: Record<string, unknown>; product: Record<string, unknown> }[] };

/**
 * A cart, its lines in the order the shopper added them and each line's product, in one store
 * statement in which PostgreSQL writes them as JSON, read past Prisma outside a transaction
 * (direct-reads.ts). Prisma's include of the same took three statements (the cart, its lines, their
 * products), each mapped column by column: every cart read, every cart write's answer and every
 * checkout begins with it. Named by where it finds the cart, each a prepared statement of its own.
 */
const cartWithProducts = (name: string, found: StoreStatement<never>) =>
  prepared(
    name,
    storeSql<CartJson>`
    SELECT to_json(c) AS cart,
      coalesce((
        SELECT json_agg(json_build_object('item', ci, 'product', p) ORDER BY ci.position, ci."createdAt", ci.id)
        FROM "CartItem" ci JOIN "Product" p ON p."storeId" = ${STORE} AND p.id = ci."productId"
        WHERE ci."storeId" = ${STORE} AND ci."cartId" = c.id
      ), '[]') AS items
    FROM "Cart" c
    WHERE c."storeId" = ${STORE} AND ${found}`,
  );

/** Where a cart is found: by the open key of its owner, by its id and that key, or by its id alone. */
export type CartWhere = { openKey: string; id?: string } | { id: string };

function statementOf(where: CartWhere) {
  if (!('openKey' in where)) return cartWithProducts('cart-by-id', storeSql`c.id = ${where.id}::uuid`);
  if (where.id === undefined) return cartWithProducts('cart-by-open-key', storeSql`c."openKey" = ${where.openKey}`);
  return cartWithProducts('cart-by-id-and-open-key', storeSql`c.id = ${where.id}::uuid AND c."openKey" = ${where.openKey}`);
}

/** The store's cart `where` names, with its lines and their products, as Prisma's include of them answers; null when there is none. */
export async function readCartWithProducts(ctx: Ctx, where: CartWhere): Promise<CartWithProducts | null> {
  const [row] = await ctx.db.$storeQuery(statementOf(where), { stockOf: (rows) => rows.flatMap((r) => r.items.map((i) => i.product.id as string)) });
  if (!row) return null;
  return {
    ...revived<Cart>(row.cart, rowKinds.cart),
    items: row.items.map(({ item, product }) => ({ ...revived<CartItem>(item, rowKinds.cartItem), product: revived<Product>(product, rowKinds.product) })),
  };
}
