import type { Database } from '../../src/platform/database/database.js';
import type { Discount, Prisma, Store } from '../../src/generated/prisma/client.js';

/** A discount row as the merchant API would store it: live, published, automatic, unless the test says otherwise. */
export function createDiscount(database: Database, store: Store, data: Partial<Prisma.DiscountUncheckedCreateInput> & { title: string }): Promise<Discount> {
  return database.prisma.discount.create({
    data: { storeId: store.id, type: 'percentage', value: '10', isActive: true, isPublished: true, publishedAt: new Date(), autoApply: true, ...data },
  });
}
