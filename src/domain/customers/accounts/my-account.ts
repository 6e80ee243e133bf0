import type { Ctx } from '../../context.js';
import { signedInCustomer } from '../../context.js';
import { accountView } from './signed-in.js';

/** The signed-in shopper's account as this store sees it: the account, its default address and the store's customer record. */
export async function myAccount(ctx: Ctx) {
  const { accountId, customerId } = signedInCustomer(ctx);
  const [view, customer] = await Promise.all([accountView(ctx, accountId), ctx.db.customer.findUniqueOrThrow({ where: { id: customerId } })]);
  return { ...view, customer };
}
