import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import { signedInCustomer, type Ctx } from '../context.js';
import { uuidsOf } from '../record-id.js';
import { orderInclude, type OrderRecord } from './order-record.js';

const orderNotFound = () => ApiError.notFound('Order');

/** The signed-in customer's order by its uuid or its human number; another customer's, or another store's, is not found. */
export async function findMyOrder(ctx: Ctx, ref: string): Promise<OrderRecord> {
  const { customerId } = signedInCustomer(ctx);
  const key = uuidPattern.test(ref) ? { uid: ref.toLowerCase() } : /^\d{1,9}$/.test(ref) ? { number: Number(ref) } : null;
  const order = key ? await ctx.db.order.findFirst({ where: { ...key, customerId }, include: orderInclude }) : null;
  if (!order) throw orderNotFound();
  return order;
}

/** The store's order by its integer id or its uuid (the merchant spec's `{order}`). */
export async function findStoreOrder(ctx: Ctx, ref: string): Promise<OrderRecord> {
  const key = uuidPattern.test(ref) ? { uid: ref.toLowerCase() } : /^\d{1,9}$/.test(ref) ? { id: Number(ref) } : null;
  const order = key ? await ctx.db.order.findFirst({ where: key, include: orderInclude }) : null;
  if (!order) throw orderNotFound();
  return order;
}

/** The signed-in customer's orders among uuids, in one statement; the others are left out. */
export function findMyOrders(ctx: Ctx, uids: readonly string[]): Promise<OrderRecord[]> {
  const { customerId } = signedInCustomer(ctx);
  return ctx.db.order.findMany({ where: { uid: { in: uuidsOf(uids) }, customerId }, include: orderInclude });
}

/** The store's orders among uuids, in one statement; the others are left out. */
export function findStoreOrders(ctx: Ctx, uids: readonly string[]): Promise<OrderRecord[]> {
  return ctx.db.order.findMany({ where: { uid: { in: uuidsOf(uids) } }, include: orderInclude });
}
