import { z } from 'zod';
import { trafficGranularities, trafficLimits, type TrafficQuery } from '../../../domain/traffic/read-traffic.js';
import { dayMs } from '../../../domain/traffic/page-views.js';
import { enumParam, timestampParam } from '../../../platform/validation/wire-params.js';
import { uuid } from '../../kit/common-schemas.js';
import { singleAnswer } from '../../kit/envelope.js';

const maxDays = trafficLimits.maxSpanMs.day / dayMs;
const maxHours = trafficLimits.maxSpanMs.hour / 3_600_000;

export const trafficQuery = z
  .looseObject({
    from: timestampParam.meta({
      description: `Start of the range (ISO 8601, UTC when no offset), taken from the start of its day or hour. Default: ${trafficLimits.defaultSpanMs.day / dayMs} days (by day) or 24 hours (by hour) before to.`,
    }),
    to: timestampParam.meta({ description: 'End of the range, exclusive, rounded up to the end of its day or hour. Default: now.' }),
    granularity: enumParam(trafficGranularities).meta({
      description: `day (default; at most ${maxDays} days) or hour (at most ${maxHours} hours). A longer range answers 422 validation_failed.`,
    }),
  })
  .transform((q): TrafficQuery => ({ from: q.from, to: q.to, granularity: q.granularity }));

const pageViews = z
  .strictObject({
    total: z.int(),
    home: z.int().meta({ description: 'Store info reads (the storefront home).' }),
    product: z.int().meta({ description: 'Product detail reads.' }),
    collection: z.int().meta({ description: "Reads of a collection's products." }),
    post: z.int().meta({ description: 'Reads of one post.' }),
  })
  .meta({ id: 'TrafficPageViews' });

export const trafficReport = z
  .strictObject({
    from: z.string().meta({ description: 'The first period’s start.' }),
    to: z.string().meta({ description: 'The last period’s end (exclusive).' }),
    granularity: z.enum(trafficGranularities),
    time_zone: z.literal('UTC'),
    totals: z.strictObject({ page_views: pageViews }),
    periods: z.array(
      z.strictObject({
        start: z.string(),
        page_views: pageViews,
        unique_visitors: z.int().meta({ description: 'Estimated distinct visitors of this period (HyperLogLog, about 1 % error); periods do not add up.' }),
      }),
    ),
    top_products: z.array(z.strictObject({ id: uuid, slug: z.string(), title: z.string(), views: z.int() })),
    top_referrers: z.array(z.strictObject({ host: z.string().meta({ description: 'The Referer header’s host only.' }), views: z.int() })),
  })
  .meta({ id: 'TrafficReport', description: 'Storefront traffic of the range, per UTC period, with its top products and referrer hosts.' });

export const trafficAnswer = singleAnswer(trafficReport);
