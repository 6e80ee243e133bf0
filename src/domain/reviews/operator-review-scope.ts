import type { Store } from '../../generated/prisma/client.js';
import { storeClientOf } from '../../platform/database/store-scoped-client.js';
import { findStoreBySlug, type OperatorCtx } from '../store/manage-stores.js';
import { transactorOf } from '../transactor.js';
import type { ReviewScope } from './review-scope.js';

/**
 * The operator's view of one store for moderation: the store's own client, so its writes are
 * announced to the catalogue cache for that store (in Redis too, when the CLI has REDIS_URL) and
 * a running server's storefront shows the moderation at once.
 */
export async function operatorReviewScope(ctx: OperatorCtx, storeSlug: string): Promise<{ store: Store; scope: ReviewScope }> {
  const store = await findStoreBySlug(ctx, storeSlug);
  const db = storeClientOf(ctx.db, store.id);
  return { store, scope: { db, now: ctx.now, transact: transactorOf(ctx.db, db) } };
}
