/**
 * The reviews context's events. They carry the review's or question's uuid and what changed, not a
 * copy: a consumer reads the record as it stands when the event is delivered.
 */
export interface ReviewEvents {
  'reviews/create': { id: string; product_id: string; status: string; source: string | null };
  'reviews/update': { id: string; product_id: string; status: string; source: string | null };
  /** The review as it was when deleted: `status` is the one it had. */
  'reviews/delete': { id: string; product_id: string; status: string; source: string | null };
  'questions/create': { id: string; product_id: string };
  'questions/update': { id: string; product_id: string; status: string };
}
