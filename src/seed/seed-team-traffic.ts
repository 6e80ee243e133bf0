import type { Store } from '../generated/prisma/client.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';
import { addStaffMember } from '../domain/team/manage-team.js';
import { dayMs, startOfDay, startOfHour } from '../domain/traffic/page-views.js';
import { createRandom, mixSeed } from './prng.js';

const demoTeam = [
  { name: 'Maya Okafor', email: 'maya@bazaar-demo.example', role: 'owner', phone: '+14155550161' },
  { name: 'Léo Martin', email: 'leo@bazaar-demo.example', role: 'admin' },
  { name: 'Priya Shah', email: 'priya@bazaar-demo.example', role: 'staff' },
  { name: 'Sam Rivera', email: 'sam@bazaar-demo.example', role: 'support', phone: '+14155550199' },
] as const;

const referrers = ['www.google.com', 'www.instagram.com', 'www.pinterest.com', 'news.ycombinator.com', 'duckduckgo.com', 'newsletter.bazaar-demo.example'];
/** Shoppers by hour of the day (UTC): quiet at night, busiest in the evening. */
const hourShape = [2, 1, 1, 1, 1, 2, 4, 6, 8, 9, 10, 11, 12, 12, 11, 11, 12, 14, 16, 18, 17, 14, 9, 5];

/** The demo store's team: one of each role, through the operator's own add. */
export async function seedTeam(ctx: OperatorCtx, store: Store) {
  for (const member of demoTeam) await addStaffMember(ctx, { store: store.slug, ...member });
}

/**
 * Thirty days of storefront traffic up to the last whole hour, in the tables the flush fills, so
 * GET /analytics/traffic draws something on a fresh install: views follow the hour of the day and
 * the weekend, a few products take most product views, and visitors are a share of views.
 */
export async function seedTraffic(ctx: OperatorCtx, store: Store, now: Date) {
  const random = createRandom(mixSeed(42, 23));
  const products = await ctx.db.product.findMany({ where: { storeId: store.id }, select: { id: true }, orderBy: { pId: 'asc' }, take: 40 });
  const end = startOfHour(now).getTime();
  const hours = [];
  const tops = [];
  const days = new Map<number, number>();
  for (let at = end - 30 * dayMs; at < end; at += 3_600_000) {
    const hour = new Date(at);
    const weekend = [0, 6].includes(hour.getUTCDay()) ? 1.3 : 1;
    const base = Math.round(hourShape[hour.getUTCHours()]! * weekend * (0.7 + random.next() * 0.6) * 3);
    const views = { home: base, product: Math.round(base * 2.5), collection: Math.round(base * 0.8), post: Math.round(base * 0.3) };
    const visitors = Math.max(Math.round(base * 0.9), base ? 1 : 0);
    hours.push({ storeId: store.id, hour, ...views, visitors });
    const day = startOfDay(hour).getTime();
    days.set(day, (days.get(day) ?? 0) + Math.round(visitors * 0.7));
    let left = views.product;
    for (const product of products) {
      // Each product takes about a third of what is left: a long tail behind a few favourites.
      const share = Math.min(left, Math.round(left * (0.25 + random.next() * 0.15)));
      if (share < 1) break;
      tops.push({ storeId: store.id, hour, dimension: 'product', value: product.id, views: share });
      left -= share;
    }
    for (const host of random.sample(referrers, random.int(1, 3))) {
      const count = random.int(0, Math.ceil(base / 2));
      if (count) tops.push({ storeId: store.id, hour, dimension: 'referrer', value: host, views: count });
    }
  }
  await ctx.db.trafficHour.createMany({ data: hours });
  await ctx.db.trafficDay.createMany({ data: [...days].map(([day, visitors]) => ({ storeId: store.id, day: new Date(day), visitors })) });
  await ctx.db.trafficTop.createMany({ data: tops });
}
