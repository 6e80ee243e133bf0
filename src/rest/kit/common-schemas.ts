import { z } from 'zod';

const rendition = z.strictObject({ url: z.string(), w: z.int().nullable(), h: z.int().nullable() });

/** The six renditions of every image, in this order. */
export const renditionsSchema = z
  .strictObject({ thumb: rendition, card: rendition, card2x: rendition, view: rendition, wa: rendition, original: rendition })
  .meta({
    id: 'Renditions',
    description:
      '`thumb` is a square crop whose `w` and `h` are always null; card 360, card2x 720, view 1080, wa 600 and original carry their real size, never scaled up.',
  });

/** Storefront money: a number in the major unit. */
export const moneyNumber = z.number().meta({ description: 'Amount in the major currency unit, such as 19.99.' });

/** Merchant money: a decimal string with two places. */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .meta({ description: 'Decimal string in the major currency unit, such as "19.99".' });

export const isoTimestamp = z.string().meta({ description: 'ISO 8601 timestamp in UTC.', example: '2026-01-31T12:00:00.000Z' });

export const uuid = z.string().regex(/^[0-9a-f-]{36}$/);

export const jsonMap = z.record(z.string(), z.unknown());
