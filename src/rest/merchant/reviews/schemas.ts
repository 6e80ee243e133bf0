import { z } from 'zod';
import { importBatch, importItemShape, importLimits } from '../../../domain/reviews/import-fields.js';
import { importedListLimits, reviewStatuses, type ImportedReviewListInput } from '../../../domain/reviews/list-imported-reviews.js';
import { cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const { maxPageSize, defaultPageSize, maxSearchLength } = importedListLimits;

export const importedReviewSchema = z
  .strictObject({
    source_review_id: z.string(),
    source: z.string().meta({ description: "The importing app's slug, from the calling installation." }),
    author_display_name: z.string(),
    product_p_id: z.int(),
    rating: z.int().min(1).max(5),
    title: z.string().nullable(),
    description: z.string().nullable(),
    media: z
      .array(z.strictObject({ id: uuid, url: z.string(), source_url: z.string() }))
      .meta({ description: "Copies in the store's media library (url), each with the public address it was downloaded from (source_url)." }),
    status: z.enum(reviewStatuses),
    is_verified_purchase: z.literal(false),
    submitted_at: isoTimestamp,
    created_at: isoTimestamp.meta({ description: 'When it was first ingested.' }),
    edited_at: isoTimestamp.nullable().meta({ description: 'When a re-import last changed it; null if never.' }),
  })
  .meta({ id: 'ImportedReview' });

export const importedReviewListQuery = z
  .looseObject({
    limit: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to search and status.' }),
    search: textParam(maxSearchLength).meta({ description: 'Part of the title, description, author name or source_review_id, any case.' }),
    status: enumParam(reviewStatuses),
  })
  .transform((q): ImportedReviewListInput => ({ window: { size: q.limit ?? defaultPageSize, after: q.starting_after }, search: q.search, status: q.status }));

export const importBody = wireObject(
  {
    reviews: importBatch(wireObject(importItemShape), 'source_review_id'),
  },
).meta({
  description: [
    `reviews: 1-${importLimits.perRequest} of {source_review_id (1-${importLimits.sourceReviewId}), product (this store's p_id, uuid or slug), rating (1-5), title, description,`,
    `author_display_name, submitted_at (ISO 8601), media[] (up to ${importLimits.mediaPerReview} public addresses, downloaded into the store's files through the same guard as product images; a refused one answers the item media_refused)}.`,
  ].join(' '),
});

const importResult = z.strictObject({
  source_review_id: z.string(),
  result: z.enum(['imported', 'updated', 'unchanged', 'product_not_found', 'product_mismatch', 'media_refused']).meta({
    description:
      'imported: a new row; updated: a re-import changed it; unchanged: a re-import with nothing new. product_not_found, product_mismatch (imported before for another product) and media_refused (a media address the guard refused): not written, reason says why.',
  }),
  status: z.enum(reviewStatuses).nullable().meta({ description: "The row's moderation status; null when the item was not written." }),
  product_p_id: z.int().nullable(),
  reason: z.string().nullable(),
});

export const importedReviewListAnswer = listAnswer(importedReviewSchema);
export const importAnswer = singleAnswer(z.strictObject({ results: z.array(importResult) }));
