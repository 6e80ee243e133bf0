import type { TransactionCtx } from '../transaction.js';

/**
 * The next order number of the store: 1001, 1002, … with no gaps but the rolled-back ones. The
 * increment holds the store row's lock to the end of the checkout's transaction, so numbers follow
 * commit order; checkout takes it after its slower steps, to keep the queue short. The lock does
 * not conflict with the key-share locks other rows' foreign keys take on the store.
 */
export async function nextOrderNumber(tx: TransactionCtx): Promise<number> {
  const store = await tx.db.store.update({ where: { id: tx.db.$storeId }, data: { lastOrderNumber: { increment: 1 } }, select: { lastOrderNumber: true } });
  return store.lastOrderNumber;
}
