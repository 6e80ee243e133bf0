import type { StoreDb } from '../../../platform/database/store-scoped-client.js';

/** The platform's accounts table as an operator's client holds it (accounts belong to no store). */
interface AccountWriter {
  customerAccount: { create(args: { data: { firstName: string; lastName: string } }): PromiseLike<{ id: string }> };
}

/**
 * A customer of the store with a platform account of their own, made by an operator (the demo
 * seed's reviewers): accounts are written only by the customer modules, so this is the one place
 * an operator makes one.
 */
export async function createOperatorCustomer(accounts: AccountWriter, db: StoreDb, storeId: string, name: { firstName: string; lastName: string }) {
  const account = await accounts.customerAccount.create({ data: name });
  return db.customer.create({ data: { storeId, accountId: account.id } });
}
