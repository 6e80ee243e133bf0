const DAY_MS = 86_400_000;

/** A product or a store counts as new for its first thirty days. */
export function isNew(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < 30 * DAY_MS;
}
