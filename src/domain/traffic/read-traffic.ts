import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { dayMs, pageKinds, startOfDay, startOfHour, type PageKind } from './page-views.js';

export const trafficGranularities = ['day', 'hour'] as const;
export type TrafficGranularity = (typeof trafficGranularities)[number];

/** The longest range one read may span, and the range read when none is given, by granularity. */
export const trafficLimits = {
  maxSpanMs: { day: 90 * dayMs, hour: 7 * dayMs },
  defaultSpanMs: { day: 30 * dayMs, hour: dayMs },
  topListSize: 10,
} as const;

export interface TrafficQuery {
  from?: Date;
  to?: Date;
  granularity?: TrafficGranularity;
}

export type PageViewCounts = Record<PageKind, number> & { total: number };

export interface TrafficReport {
  from: Date;
  to: Date;
  granularity: TrafficGranularity;
  totals: PageViewCounts;
  periods: { start: Date; pageViews: PageViewCounts; uniqueVisitors: number }[];
  topProducts: { id: string; slug: string; title: string; views: number }[];
  topReferrers: { host: string; views: number }[];
}

const periodMs = { day: dayMs, hour: 3_600_000 };
const floorTo = { day: startOfDay, hour: startOfHour };

function ceilTo(granularity: TrafficGranularity, at: Date): Date {
  const start = floorTo[granularity](at);
  return start.getTime() === at.getTime() ? start : new Date(start.getTime() + periodMs[granularity]);
}

function refuse(field: 'from' | 'to', message: string): never {
  throw ApiError.invalidField(field, message);
}

/** The whole UTC periods a query covers: from the start of `from`'s period to the end of the period before `to` (exclusive). */
export function trafficRange(query: TrafficQuery, now: Date) {
  const granularity = query.granularity ?? 'day';
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - trafficLimits.defaultSpanMs[granularity]);
  if (from >= to) refuse('to', 'must be after from');
  const start = floorTo[granularity](from);
  const end = ceilTo(granularity, to);
  const maxSpan = trafficLimits.maxSpanMs[granularity];
  if (end.getTime() - start.getTime() > maxSpan) {
    refuse('to', `must be at most ${granularity === 'day' ? `${maxSpan / dayMs} days` : `${maxSpan / periodMs.hour} hours`} after from by ${granularity}`);
  }
  return { granularity, start, end };
}

const noViews = (): PageViewCounts => ({ total: 0, home: 0, product: 0, collection: 0, post: 0 });

function addViews(into: PageViewCounts, row: Record<PageKind, number>) {
  for (const kind of pageKinds) {
    into[kind] += row[kind];
    into.total += row[kind];
  }
}

async function topOf(ctx: Ctx, dimension: 'product' | 'referrer', start: Date, end: Date, take: number) {
  const rows = await ctx.db.trafficTop.groupBy({
    by: ['value'],
    where: { dimension, hour: { gte: start, lt: end } },
    _sum: { views: true },
    orderBy: [{ _sum: { views: 'desc' } }, { value: 'asc' }],
    take,
  });
  return rows.map((row) => ({ value: row.value, views: row._sum.views ?? 0 }));
}

/**
 * Page views by kind and unique visitors per UTC period, with the range's top products and
 * referrer hosts, from what the flushes have written (counts arrive within TRAFFIC_FLUSH_S).
 * Every period of the range is answered, those without views as zeros. Unique visitors are per
 * period (a day's own HyperLogLog, not the sum of its hours): they do not add up across periods.
 */
export async function readTraffic(ctx: Ctx, query: TrafficQuery): Promise<TrafficReport> {
  const { granularity, start, end } = trafficRange(query, ctx.now);
  const between = { gte: start, lt: end };
  const [hours, days, products, referrers] = await Promise.all([
    ctx.db.trafficHour.findMany({ where: { hour: between }, orderBy: { hour: 'asc' } }),
    granularity === 'day' ? ctx.db.trafficDay.findMany({ where: { day: between } }) : Promise.resolve([]),
    topOf(ctx, 'product', start, end, trafficLimits.topListSize * 2),
    topOf(ctx, 'referrer', start, end, trafficLimits.topListSize),
  ]);
  const periods = new Map<number, { start: Date; pageViews: PageViewCounts; uniqueVisitors: number }>();
  for (let at = start.getTime(); at < end.getTime(); at += periodMs[granularity])
    periods.set(at, { start: new Date(at), pageViews: noViews(), uniqueVisitors: 0 });
  const totals = noViews();
  for (const row of hours) {
    const period = periods.get(floorTo[granularity](row.hour).getTime())!;
    addViews(period.pageViews, row);
    addViews(totals, row);
    if (granularity === 'hour') period.uniqueVisitors = row.visitors;
  }
  for (const row of days) periods.get(row.day.getTime())!.uniqueVisitors = row.visitors;
  const found = await ctx.db.product.findMany({ where: { id: { in: products.map((p) => p.value) } }, select: { id: true, slug: true, title: true } });
  const byId = new Map(found.map((p) => [p.id, p]));
  const topProducts = products
    .filter((p) => byId.has(p.value))
    .slice(0, trafficLimits.topListSize)
    .map((p) => ({ ...byId.get(p.value)!, views: p.views }));
  return {
    from: start,
    to: end,
    granularity,
    totals,
    periods: [...periods.values()],
    topProducts,
    topReferrers: referrers.map((r) => ({ host: r.value, views: r.views })),
  };
}
