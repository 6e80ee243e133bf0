import { readTraffic, trafficGranularities, type PageViewCounts, type TrafficReport } from '../../domain/traffic/read-traffic.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';

const TrafficGranularity = builder.enumType('TrafficGranularity', {
  description: 'DAY (at most 90 days) or HOUR (at most 7 days), in UTC.',
  values: Object.fromEntries(trafficGranularities.map((g) => [g.toUpperCase(), { value: g }])) as Record<
    string,
    { value: (typeof trafficGranularities)[number] }
  >,
});

const TrafficPageViews = builder.objectRef<PageViewCounts>('TrafficPageViews').implement({
  description: 'Storefront page views by kind: home (store info), product detail, collection products, one post.',
  fields: (t) => ({
    total: t.exposeInt('total'),
    home: t.exposeInt('home'),
    product: t.exposeInt('product'),
    collection: t.exposeInt('collection'),
    post: t.exposeInt('post'),
  }),
});

type Period = TrafficReport['periods'][number];
const TrafficPeriod = builder.objectRef<Period>('TrafficPeriod').implement({
  fields: (t) => ({
    start: t.field({ type: 'DateTime', resolve: (p) => p.start }),
    pageViews: t.field({ type: TrafficPageViews, resolve: (p) => p.pageViews }),
    uniqueVisitors: t.exposeInt('uniqueVisitors', { description: 'Estimated distinct visitors of the period (HyperLogLog); periods do not add up.' }),
  }),
});

const TrafficProduct = builder.objectRef<TrafficReport['topProducts'][number]>('TrafficProduct').implement({
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (p) => p.id }),
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    views: t.exposeInt('views'),
  }),
});

const TrafficReferrer = builder.objectRef<TrafficReport['topReferrers'][number]>('TrafficReferrer').implement({
  fields: (t) => ({ host: t.exposeString('host', { description: "The Referer header's host only." }), views: t.exposeInt('views') }),
});

const TrafficReportRef = builder.objectRef<TrafficReport>('TrafficReport').implement({
  description: 'GET /analytics/traffic: storefront traffic of the range per UTC period, with top products and referrer hosts.',
  fields: (t) => ({
    from: t.field({ type: 'DateTime', resolve: (r) => r.from }),
    to: t.field({ type: 'DateTime', description: 'Exclusive.', resolve: (r) => r.to }),
    granularity: t.field({ type: TrafficGranularity, resolve: (r) => r.granularity }),
    totals: t.field({ type: TrafficPageViews, resolve: (r) => r.totals }),
    periods: t.field({ type: [TrafficPeriod], resolve: (r) => r.periods }),
    topProducts: t.field({ type: [TrafficProduct], resolve: (r) => r.topProducts }),
    topReferrers: t.field({ type: [TrafficReferrer], resolve: (r) => r.topReferrers }),
  }),
});

builder.objectFields(Merchant, (t) => ({
  traffic: t.field({
    type: TrafficReportRef,
    ...merchantScope('merchant-analytics-traffic-read'),
    description: 'GET /analytics/traffic; the same range rules (a longer range is a validation error naming `to`).',
    args: {
      from: t.arg({ type: 'DateTime', required: false }),
      to: t.arg({ type: 'DateTime', required: false }),
      granularity: t.arg({ type: TrafficGranularity, required: false }),
    },
    resolve: (_m, args, { ctx }) => readTraffic(ctx, { from: args.from ?? undefined, to: args.to ?? undefined, granularity: args.granularity ?? undefined }),
  }),
}));
