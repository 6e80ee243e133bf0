import type { Customer } from '../../../generated/prisma/client.js';
import { findOrInsert } from '../../find-or-insert.js';
import type { TransactionCtx } from '../../transaction.js';
import { appendCustomerEvent } from '../customer-events.js';

/**
 * The store's own record of an account, made the first time the shopper signs in or registers at
 * this store, with a `customers/create` event in the same transaction. Concurrent first sign-ins
 * make one record and one event (findOrInsert: the unique store and account decide).
 */
export async function storeCustomerOf(tx: TransactionCtx, accountId: string): Promise<Customer> {
  const { row: customer, created } = await findOrInsert(
    () => tx.db.customer.findUnique({ where: { storeId_accountId: { storeId: tx.db.$storeId, accountId } } }),
    () => tx.db.customer.createManyAndReturn({ data: [{ storeId: tx.db.$storeId, accountId, createdAt: tx.now }], skipDuplicates: true }),
  );
  if (created) appendCustomerEvent(tx, 'customers/create', customer.id);
  return customer;
}
