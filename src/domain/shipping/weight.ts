import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.js';

/** The largest weight a weight column (DECIMAL(10,3)) holds, in kilograms. */
export const MAX_WEIGHT_KG = '9999999.999';

const weightText = /^(\d+)(?:\.(\d+))?$/;

/**
 * A weight in kilograms from a JSON number or a decimal string, to the gram: at most 3 decimals,
 * never negative. A number is read through its shortest text form, as money is, so nothing passes
 * through float arithmetic.
 */
export const weightInput = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a weight in kg such as 1.5, as a number or a decimal string'),
  })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? String(value) : value.trim();
    const match = weightText.exec(text);
    let message: string | null = null;
    if (text.startsWith('-') && weightText.test(text.slice(1))) message = 'must not be negative';
    else if (!match) message = 'must be a weight in kg such as 1.5, as a number or a decimal string';
    else if ((match[2]?.length ?? 0) > 3) message = 'must have at most 3 decimal places';
    else if (new Prisma.Decimal(text).gt(MAX_WEIGHT_KG)) message = `must be at most ${MAX_WEIGHT_KG}`;
    if (message === null) return new Prisma.Decimal(text);
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  })
  .meta({ description: 'Weight in kilograms, at most 3 decimals: 1.5 or "1.500".' });
