import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { parseRecordId, uuidsOf } from '../../record-id.js';
import type { CustomerRow } from './customer-sorts.js';
import type { MerchantCustomer } from '../document.js';
import { merchantCustomerOf } from './customer-view.js';

/** A customer of this store by integer id or uuid; another store's customer is simply not found. */
export async function findCustomerRow(ctx: Ctx, ref: string): Promise<CustomerRow> {
  const recordId = parseRecordId(ref);
  if (!recordId) throw ApiError.notFound('Customer');
  const where = 'pId' in recordId ? { id: recordId.pId } : { uid: recordId.id };
  const row = await ctx.db.customer.findFirst({ where, include: { account: true } });
  if (!row) throw ApiError.notFound('Customer');
  return row;
}

export async function findMerchantCustomer(ctx: Ctx, ref: string): Promise<MerchantCustomer> {
  return merchantCustomerOf(ctx, await findCustomerRow(ctx, ref));
}

/** The store's customers among uuids, in one statement; the others are left out. */
export async function findMerchantCustomers(ctx: Ctx, uids: readonly string[]): Promise<MerchantCustomer[]> {
  const rows = await ctx.db.customer.findMany({ where: { uid: { in: uuidsOf(uids) } }, include: { account: true } });
  return rows.map((row) => merchantCustomerOf(ctx, row));
}
