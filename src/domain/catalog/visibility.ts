import { STORE, storeSql } from '../../platform/database/store-statements.js';
import type { Ctx } from '../context.js';

/** What a shopper may see: published, active, not deleted, in the request's store. */
export function shopperVisible(ctx: Ctx) {
  return { storeId: ctx.store.id, published: true, status: 'active' as const, deletedAt: null };
}

/** `shopperVisible` of a product row `p` in a store statement. */
export const shopperVisibleSql = storeSql`p."storeId" = ${STORE} AND p.published AND p.status = 'active' AND p."deletedAt" IS NULL`;

/** What the merchant's own systems see: everything of the store but deleted records. */
export function merchantVisible(ctx: Ctx) {
  return { storeId: ctx.store.id, deletedAt: null };
}
