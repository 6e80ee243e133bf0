import { inReviewTransaction, type ReviewScope } from './review-scope.js';
import { recountRatings } from './rating-tally.js';

/**
 * Deletes every review an app installation imported, with the tallies counted again for each
 * product that held one, in one transaction with a `reviews/delete` event per review: the purge of
 * an uninstalled app's data (apps/purge-job.ts) takes its imports off the cards' and the store's
 * ratings, which a cascade from the installation's row would leave counting them. Products of
 * pending and rejected imports are recounted too, so one approved while this ran is not missed.
 * Nothing is withdrawn unless the installation is still uninstalled by `uninstalledBy`.
 */
export function withdrawImportedReviews(scope: ReviewScope, installationId: number, uninstalledBy: Date): Promise<number> {
  return inReviewTransaction(scope, async (db, outbox) => {
    // The installation's row first, still uninstalled by then: an app installed again meanwhile keeps its reviews, and of two
    // processes purging at once the second waits here and then finds nothing left to withdraw.
    const { count } = await db.appInstallation.updateMany({
      where: { id: installationId, uninstalledAt: { lte: uninstalledBy } },
      data: { lastReviewImportAt: scope.now },
    });
    if (!count) return 0;
    const reviews = await db.review.findMany({ where: { installationId }, select: { uid: true, productId: true, status: true, source: true } });
    if (!reviews.length) return 0;
    await db.review.deleteMany({ where: { installationId } });
    await recountRatings(db, [...new Set(reviews.map((review) => review.productId))]);
    for (const review of reviews) {
      outbox.append({ topic: 'reviews/delete', payload: { id: review.uid, product_id: review.productId, status: review.status, source: review.source } });
    }
    return reviews.length;
  });
}
