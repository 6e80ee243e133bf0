import { scope } from '../../../auth/requirements.js';
import { readTraffic, type TrafficReport } from '../../../domain/traffic/read-traffic.js';
import { single } from '../../kit/envelope.js';
import { isoTimestamp } from '../../kit/format.js';
import { defineRoute } from '../../kit/route.js';
import { trafficAnswer, trafficQuery } from './schemas.js';

function presentTraffic(report: TrafficReport) {
  const views = (v: TrafficReport['totals']) => ({ total: v.total, home: v.home, product: v.product, collection: v.collection, post: v.post });
  return {
    from: isoTimestamp(report.from),
    to: isoTimestamp(report.to),
    granularity: report.granularity,
    time_zone: 'UTC',
    totals: { page_views: views(report.totals) },
    periods: report.periods.map((p) => ({ start: isoTimestamp(p.start), page_views: views(p.pageViews), unique_visitors: p.uniqueVisitors })),
    top_products: report.topProducts,
    top_referrers: report.topReferrers,
  };
}

export const analyticsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/analytics/traffic',
    operationId: 'getTrafficAnalytics',
    tag: 'Analytics',
    summary: 'Storefront page views and unique visitors per day or hour, with top products and referrers',
    description:
      'Counted: 200 answers (cached or not) of store info (home), product detail, collection products and one post, on REST and GraphQL. Counts arrive within TRAFFIC_FLUSH_S seconds. No IP address or user agent is stored (README "Traffic analytics").',
    auth: scope('merchant-analytics-traffic-read'),
    query: trafficQuery,
    answer: trafficAnswer,
    handle: async (ctx, { query }) => ({ body: single('Traffic', presentTraffic(await readTraffic(ctx, query))) }),
  }),
];
