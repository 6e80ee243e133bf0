import type { ShippingZone as ShippingZoneRow } from '../../generated/prisma/client.js';
import { listShippingZones, zoneListLimits } from '../../domain/shipping/list-zones.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { ShippingZone } from './types.js';

builder.objectFields(Merchant, (t) => ({
  shippingZones: t.connection({
    type: ShippingZone,
    ...merchantScope('merchant-shipping-read'),
    description: 'GET /shipping-zones: by position, then the oldest first; the cursors are REST next_cursor.',
    resolve: async (_m, args, { ctx }) => {
      const page = await listShippingZones(ctx, windowOf(args, zoneListLimits.maxPageSize, zoneListLimits.defaultPageSize));
      return connectionOf<ShippingZoneRow>(page);
    },
  }),
}));
