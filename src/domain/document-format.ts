import type { Prisma } from '../generated/prisma/client.js';

// How the merchant objects (each context's document.ts) write their values, in the domain so an
// event payload and an API answer built from one document are written alike.

type Decimal = Prisma.Decimal;

/** Merchant money: a decimal string with two places. */
export function moneyString(value: Decimal): string;
export function moneyString(value: Decimal | null): string | null;
export function moneyString(value: Decimal | null): string | null {
  return value === null ? null : value.toFixed(2);
}

/** ISO 8601 in UTC, the merchant objects' timestamps. */
export function isoTimestamp(date: Date): string;
export function isoTimestamp(date: Date | null): string | null;
export function isoTimestamp(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
