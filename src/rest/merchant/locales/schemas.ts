import { z } from 'zod';
import { localeCreateInput, localeUpdateInput, MAX_STORE_LOCALES } from '../../../domain/locale/locale-fields.js';
import { singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { locale } from '../../storefront/store/schemas.js';

export const merchantLocale = z
  .strictObject({
    ...locale.shape,
    published: z.boolean().meta({ description: 'Shoppers may read it (the primary always is).' }),
    position: z.int().meta({ description: 'The order locales were added in; the primary is listed first whatever its position.' }),
  })
  .meta({ id: 'MerchantLocale', description: "A locale of the store, as the storefront's Locale plus whether it is published." });

export const localeCreateBody = wireObject(localeCreateInput.shape).meta({
  description: `code: a known locale code (fr, pt-BR, …; README "Languages"); published: false by default. A store has at most ${MAX_STORE_LOCALES} locales.`,
});
export const localeUpdateBody = wireObject(localeUpdateInput.shape).meta({
  description:
    'published: shows or hides the locale; primary: true makes it the primary (and publishes it). The primary cannot be unpublished or set primary false (422).',
});
export const localeParams = z.object({ locale: z.string().max(35).meta({ description: 'The locale code, any case.' }) });

export const merchantLocaleAnswer = singleAnswer(merchantLocale);
export const merchantLocaleListAnswer = singleAnswer(z.array(merchantLocale));
export const deletedLocaleAnswer = singleAnswer(z.strictObject({ locale: z.string(), deleted: z.literal(true), translations_deleted: z.literal(true) }));
