import type { ShippingZone } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { Ctx } from '../context.js';
import { uuidsOf } from '../record-id.js';

/** A zone of the store by its uuid; another store's, or anything else, is a 404 naming the shipping zone. */
export async function findShippingZone(ctx: Ctx, rawId: string): Promise<ShippingZone> {
  const zone = uuidPattern.test(rawId) ? await ctx.db.shippingZone.findFirst({ where: { id: rawId.toLowerCase() } }) : null;
  if (!zone) throw ApiError.notFound('Shipping zone');
  return zone;
}

/** The store's zones among uuids, in one statement; the others are left out. */
export function findShippingZones(ctx: Ctx, ids: readonly string[]): Promise<ShippingZone[]> {
  return ctx.db.shippingZone.findMany({ where: { id: { in: uuidsOf(ids) } } });
}
