import type { ShippingZone } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asDate, asNumber, asString, type KeysetSort } from '../pagination/keyset.js';

export const zoneListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

/** The merchant's order (`position`), then the oldest first; the uuid breaks ties within a millisecond. */
const byPosition: KeysetSort<ShippingZone> = [
  { field: 'position', direction: 'asc', read: (row) => row.position, parse: asNumber },
  { field: 'createdAt', direction: 'asc', read: (row) => row.createdAt.toISOString(), parse: asDate },
  { field: 'id', direction: 'asc', read: (row) => row.id, parse: asString },
];

/** The store's shipping zones, active or not, in position order. */
export function listShippingZones(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<ShippingZone>> {
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.shipping_zones', storeId: ctx.store.id, filters: {} },
      sort: byPosition,
      where: {},
      fetch: (args) => ctx.db.shippingZone.findMany(args as Parameters<typeof ctx.db.shippingZone.findMany>[0]),
    },
    window,
  );
}
