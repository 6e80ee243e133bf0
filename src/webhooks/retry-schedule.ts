/**
 * When a delivery that failed is tried again: after the schedule's delay for the attempts made so
 * far, with ±20% jitter so deliveries failing together (one receiver's outage) do not return
 * together. Null once every attempt is spent: the delivery is `failed`.
 */
export function nextAttemptAt(scheduleS: readonly number[], attemptsMade: number, now: Date, random: () => number = Math.random): Date | null {
  const delayS = scheduleS[attemptsMade - 1];
  if (delayS === undefined) return null;
  return new Date(now.getTime() + Math.round(delayS * 1000 * (0.8 + 0.4 * random())));
}
