import type { TransactionCtx } from '../transaction.js';

/**
 * The next order number of the store: 1001, 1002, … with no gaps but the rolled-back ones. The
 * sequence row's lock is held to the end of the checkout's transaction, so numbers follow commit
 * order; checkout takes it after its slower steps, to keep the queue short.
 */
export async function nextOrderNumber(tx: TransactionCtx): Promise<number> {
  const storeId = tx.db.$storeId;
  const row = await tx.db.orderSequence.upsert({
    where: { storeId },
    create: { storeId, last: 1001 },
    update: { last: { increment: 1 } },
  });
  return row.last;
}
