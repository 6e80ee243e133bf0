import type { Customer } from '../../../generated/prisma/client.js';
import type { TransactionCtx } from '../../transaction.js';

/**
 * The store's own record of an account, made the first time the shopper signs in or registers at
 * this store, with a `customers/create` event in the same transaction. The insert skips a row that
 * exists (ON CONFLICT DO NOTHING on the unique store and account), so concurrent first sign-ins make
 * one record and one event, and a failed insert never aborts the transaction.
 */
export async function storeCustomerOf(tx: TransactionCtx, accountId: string): Promise<Customer> {
  const where = { storeId_accountId: { storeId: tx.db.$storeId, accountId } };
  const existing = await tx.db.customer.findUnique({ where });
  if (existing) return existing;
  const { count } = await tx.db.customer.createMany({ data: [{ storeId: tx.db.$storeId, accountId, createdAt: tx.now }], skipDuplicates: true });
  const customer = await tx.db.customer.findUniqueOrThrow({ where });
  if (count === 1) tx.outbox.append({ topic: 'customers/create', payload: { id: customer.id, uid: customer.uid } });
  return customer;
}
