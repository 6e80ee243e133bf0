import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.js';

/** The largest amount a money column (DECIMAL(12,2)) holds. */
export const MAX_AMOUNT = '9999999999.99';

const amountText = /^(\d+)(?:\.(\d+))?$/;

type Parsed = { ok: true; amount: Prisma.Decimal } | { ok: false; message: string };

/**
 * An amount in the major unit, from a JSON number or a decimal string. A number is read through
 * its shortest text form, so 19.99 stays 19.99 and 0.1 + 0.2 (0.30000000000000004) is refused as
 * over-precise instead of being rounded; nothing passes through float arithmetic.
 */
export function parseAmount(value: string | number): Parsed {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (text.startsWith('-') && amountText.test(text.slice(1))) return { ok: false, message: 'must not be negative' };
  const match = amountText.exec(text);
  if (!match) return { ok: false, message: 'must be an amount such as 19.99, as a number or a decimal string' };
  if ((match[2]?.length ?? 0) > 2) return { ok: false, message: 'must have at most 2 decimal places' };
  const amount = new Prisma.Decimal(text);
  if (amount.gt(MAX_AMOUNT)) return { ok: false, message: `must be at most ${MAX_AMOUNT}` };
  return { ok: true, amount };
}

/** Money input: a number or a decimal string in, a `Prisma.Decimal` out; negative or over-precise is refused. */
export const moneyInput = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be an amount such as 19.99, as a number or a decimal string'),
  })
  .transform((value, ctx) => {
    const parsed = parseAmount(value);
    if (parsed.ok) return parsed.amount;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  })
  .meta({ description: 'Amount in the major currency unit, at most 2 decimals: 19.99 or "19.99".' });
