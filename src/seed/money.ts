/** Seeded prices are whole cents, so no float ever reaches a Decimal column. */
export function formatCents(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}
