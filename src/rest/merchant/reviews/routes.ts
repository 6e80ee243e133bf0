import { scope } from '../../../auth/requirements.js';
import { importedReviewDocument } from '../../../domain/reviews/imported-review-document.js';
import { importLimits, type ImportItem } from '../../../domain/reviews/import-fields.js';
import { importReviews } from '../../../domain/reviews/import-reviews.js';
import { listImportedReviews } from '../../../domain/reviews/list-imported-reviews.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { presentImportResult } from './presenters.js';
import { importAnswer, importBody, importedReviewListAnswer, importedReviewListQuery } from './schemas.js';

const tag = 'Reviews';

/** The spec's Reviews operations, for installed review apps: their own imports only. */
export const reviewRoutes = [
  defineRoute({
    method: 'GET',
    url: '/reviews',
    operationId: 'listImportedReviews',
    tag,
    summary: "The calling installation's imported reviews, newest ingested first",
    description: "Only this app's imports; native reviews and rating aggregates are not readable here. A key the merchant minted answers 403 forbidden.",
    auth: scope('merchant-reviews-read'),
    query: importedReviewListQuery,
    answer: importedReviewListAnswer,
    wireNames: { size: 'limit', after: 'starting_after' },
    handle: async (ctx, { query }) => {
      const page = await listImportedReviews(ctx, query);
      return { body: list('Imported reviews', page.rows.map(importedReviewDocument), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/reviews/import',
    operationId: 'importReviews',
    tag,
    summary: 'Import reviews from the calling review app; a result per item',
    description: [
      `New reviews start pending. Re-importing a source_review_id updates its one row. ${importLimits.perMinute} requests a minute and ${importLimits.perDay} a day per installation`,
      '(429 with Retry-After until the window resets; requests refused by validation are not counted, every other one is);',
      `${importLimits.pendingCap} pending rows per app and store (422 limit_reached); two imports of one source_review_id at once: one writes it, the other answers 409 conflict with Retry-After: 1 and writes nothing.`,
    ].join(' '),
    auth: scope('merchant-reviews-import'),
    body: importBody,
    answer: importAnswer,
    handle: async (ctx, { body }) => {
      const results = await importReviews(ctx, body.reviews as ImportItem[]);
      return { body: single('Reviews imported', { results: results.map(presentImportResult) }) };
    },
  }),
];
