import type { MediaFile, Prisma, Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import { createRandom, mixSeed } from './prng.js';

export interface MerchandisingCounts {
  promotions: number;
  discounts: number;
  coupons: number;
}

const DAY = 24 * 60 * 60 * 1000;

interface PromotionPlan {
  title: string;
  description: string;
  /** Days from the seed's run: the window is relative to then, so a fresh seed always has live ones. */
  from: number | null;
  until: number | null;
}

const promotionPlans: PromotionPlan[] = [
  { title: 'Season Sale', description: 'Storewide savings on this season’s favourites.', from: -7, until: 21 },
  { title: 'Weekend Flash', description: 'Two days only: the sharpest prices of the month.', from: -1, until: 2 },
  { title: 'New Arrivals Week', description: 'Fresh in and already a little kinder on the wallet.', from: -3, until: null },
  { title: 'Coming Soon: Holiday Deals', description: 'Mark the date: holiday prices start soon.', from: 14, until: 45 },
  { title: 'Spring Clearance', description: 'Last season’s clearance, now over.', from: -60, until: -30 },
];

const rendition = (file: MediaFile | undefined) => (file ? ((file.sizes as Record<string, { url: string }>).card2x?.url ?? null) : null);

/**
 * Promotions (live, scheduled and ended, each with a seed artwork), automatic discounts on a few
 * products and on one category, and a few coupons; the choices follow the seed. Windows are set
 * relative to `now` (the seed's run), so the live ones are live when the store is first explored.
 * A store that already runs discounts is left as it is: seeding again adds products, not offers.
 */
export async function seedMerchandising(db: Db, store: Store, input: { seed: number; now: Date; artworks: MediaFile[] }): Promise<MerchandisingCounts> {
  if (await db.discount.findFirst({ where: { storeId: store.id }, select: { id: true } })) return { promotions: 0, discounts: 0, coupons: 0 };
  const random = createRandom(mixSeed(input.seed, 0x9e0));
  const at = (days: number | null) => (days === null ? null : new Date(input.now.getTime() + days * DAY));
  const products = await db.product.findMany({ where: { storeId: store.id, deletedAt: null }, orderBy: { pId: 'asc' }, select: { id: true } });
  const categories = await db.category.findMany({ where: { storeId: store.id }, orderBy: { pId: 'asc' }, select: { id: true } });
  const picked = random.sample(products, 6);
  const base = { storeId: store.id, isActive: true, isPublished: true, publishedAt: input.now };

  const promotions: Prisma.DiscountCreateManyInput[] = promotionPlans.map((plan, i) => ({
    ...base,
    kind: 'promotion',
    title: plan.title,
    description: plan.description,
    type: 'percentage',
    value: String(random.pick([10, 15, 20, 25, 30])),
    priority: (promotionPlans.length - i) * 10,
    imageUrl: rendition(input.artworks[(i * 5) % Math.max(1, input.artworks.length)]),
    productIds: picked.slice(0, 3).map((p) => p.id),
    validFrom: at(plan.from),
    validUntil: at(plan.until),
    createdAt: new Date(input.now.getTime() - (promotionPlans.length - i) * DAY),
  }));
  const category = categories.length ? random.pick(categories) : null;
  const discounts: Prisma.DiscountCreateManyInput[] = [
    { ...base, title: 'Ten percent off selected items', type: 'percentage', value: '10', productIds: picked.slice(3, 5).map((p) => p.id), priority: 5 },
    { ...base, title: 'Five off', type: 'fixed', value: '5.00', productIds: picked.slice(4, 6).map((p) => p.id), priority: 4 },
    ...(category ? [{ ...base, title: 'Category week', type: 'percentage', value: '15', cappedAmount: '25.00', categoryIds: [category.id], priority: 3 }] : []),
    { ...base, title: 'Spend 100, save 10%', type: 'percentage', value: '10', minimumOrderAmount: '100.00', priority: 2 },
  ];
  const coupons: Prisma.CouponCreateManyInput[] = [
    { code: 'WELCOME10', title: 'Welcome, 10% off', discountType: 'percentage', discountValue: '10', usageLimitPerUser: 1 },
    { code: 'SAVE5', title: '5 off orders over 50', discountType: 'fixed', discountValue: '5.00', minimumOrderAmount: '50.00' },
    { code: 'FREESHIPSOON', title: 'Expired code', discountType: 'fixed', discountValue: '3.00', expiresAt: at(-10) },
  ].map((c) => ({ ...c, storeId: store.id, codeKey: c.code.toUpperCase(), isActive: true }));

  await db.$transaction([db.discount.createMany({ data: [...promotions, ...discounts] }), db.coupon.createMany({ data: coupons })]);
  return { promotions: promotions.length, discounts: discounts.length, coupons: coupons.length };
}
