import type { ShippingZone, Store } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';

/** The region id of Illinois, where the test address `chicago` (orders.ts) lies. */
export async function illinoisId(database: Database): Promise<number> {
  return (await database.prisma.region.findFirstOrThrow({ where: { kind: 'state', name: 'Illinois' } })).id;
}

/** A shipping zone delivering across Illinois in 1-2 days, at a base rate and, when given, a rate per kilogram. */
export async function illinoisZone(database: Database, store: Store, rates: { baseRate: string; perKgRate?: string }): Promise<ShippingZone> {
  return database.prisma.shippingZone.create({
    data: {
      storeId: store.id,
      name: 'Illinois',
      zoneType: 'local',
      countries: ['US'],
      stateIds: [await illinoisId(database)],
      currency: 'USD',
      minDays: 1,
      maxDays: 2,
      ...rates,
    },
  });
}
