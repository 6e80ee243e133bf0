/** Collection slugs are chosen by the merchant (they key the bulk upsert), so they must already be URL-safe. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
