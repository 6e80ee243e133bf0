const DAY_MS = 86_400_000;
export const NEW_FOR_DAYS = 30;

/** A product or a store counts as new for its first thirty days. */
export function isNew(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < NEW_FOR_DAYS * DAY_MS;
}
