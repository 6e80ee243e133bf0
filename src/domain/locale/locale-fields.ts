import { z } from 'zod';
import { flexBoolean, requiredText } from '../../platform/validation/body-fields.js';
import { optionalExcept } from '../catalog/writes/product-fields.js';
import { knownLocaleCode } from './known-locales.js';

/** How many locales a store may have, the primary included. */
export const MAX_STORE_LOCALES = 20;

const knownCode = requiredText(35).transform((code, ctx) => {
  const known = knownLocaleCode(code);
  if (known) return known;
  ctx.addIssue({ code: 'custom', message: 'must be a known locale code such as fr or pt-BR (the README lists them)' });
  return z.NEVER;
});

export const localeCreateInput = z.strictObject(optionalExcept({ code: knownCode, published: flexBoolean }, ['code']));
export const localeUpdateInput = z.strictObject(optionalExcept({ published: flexBoolean, primary: flexBoolean }, []));
export type LocaleCreateInput = z.output<typeof localeCreateInput>;
export type LocaleUpdateInput = z.output<typeof localeUpdateInput>;
