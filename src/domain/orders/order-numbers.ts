import { STORE, storeSql } from '../../platform/database/store-statements.js';
import type { TransactionCtx } from '../transaction.js';

/** A store's first order number. */
export const FIRST_ORDER_NUMBER = 1001;

/**
 * The next order number of the store: 1001, 1002, … with no gaps. It increments the store's
 * "order" counter row (made by the first order), whose lock the transaction then holds to its end:
 * numbers follow commit order, and a rolled-back order gives its number back. Only what takes a
 * number waits on that row, so a transaction takes it last, just before it commits. One
 * statement, which checkout's own writes embed (place-order-statement.ts).
 */
export const takeOrderNumber = storeSql<{ value: number }>`
  INSERT INTO "StoreCounter" ("id", "storeId", "name", "value") VALUES (gen_random_uuid(), ${STORE}, 'order', ${FIRST_ORDER_NUMBER}::int)
  ON CONFLICT ("storeId", "name") DO UPDATE SET "value" = "StoreCounter"."value" + 1
  RETURNING "value"`;

export async function nextOrderNumber(tx: TransactionCtx): Promise<number> {
  const [taken] = await tx.db.$storeQuery(takeOrderNumber);
  return taken!.value;
}
