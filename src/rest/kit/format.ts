import type { Prisma } from '../../generated/prisma/client.js';

type Decimal = Prisma.Decimal;

export { isoTimestamp, moneyString } from '../../domain/document-format.js';

/** Storefront money: a number in the major unit, computed from the exact decimal. */
export function moneyNumber(value: Decimal): number;
export function moneyNumber(value: Decimal | null): number | null;
export function moneyNumber(value: Decimal | null): number | null {
  return value === null ? null : Number(value.toFixed(2));
}

/** Product-card timestamps, `YYYY-MM-DD HH:MM:SS` in UTC. */
export function cardTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Keeps the last two digits of a phone number: shoppers see that a line exists, not the line. */
export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digitCount = (phone.match(/\d/g) ?? []).length;
  let seen = 0;
  return phone.replace(/\d/g, (d) => (seen++ < digitCount - 2 ? '*' : d));
}

/** Keeps the first letter of the mailbox and the whole domain. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [local, domain] = email.split('@');
  if (!local || !domain) return '***';
  return `${local[0]}***@${domain}`;
}
