import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';

/** Reviews and questions one customer may write at one store in an hour (README, Reviews and questions). */
export const shopperWritesPerHour = 10;
const HOUR_MS = 3_600_000;

/** Counts a customer's review or question write in the KV on the request clock; past the cap, 429 until the hour ends. */
export async function countShopperWrite(ctx: Ctx, customerId: number): Promise<void> {
  const hour = Math.floor(ctx.now.getTime() / HOUR_MS);
  const { count } = await ctx.kv.increment(`review-write:${ctx.store.id}:${customerId}:${hour}`, HOUR_MS);
  if (count <= shopperWritesPerHour) return;
  const wait = Math.max(1, Math.ceil(((hour + 1) * HOUR_MS - ctx.now.getTime()) / 1000));
  throw new ApiError('too_many_requests', `${shopperWritesPerHour} reviews and questions an hour is the most a customer may write; try again in ${wait} s.`, {
    headers: { 'retry-after': String(wait) },
  });
}
