import type { ImportResult } from '../../../domain/reviews/import-reviews.js';

export function presentImportResult(result: ImportResult) {
  return {
    source_review_id: result.sourceReviewId,
    result: result.result,
    status: result.status,
    product_p_id: result.productPId,
    reason: result.reason,
  };
}
