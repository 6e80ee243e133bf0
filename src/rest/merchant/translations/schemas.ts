import { z } from 'zod';
import { translatableListLimits } from '../../../domain/translations/translatable-resources.js';
import { translatableTypeNames } from '../../../domain/translations/translatable-types.js';
import { translatableTypeName, translationLimits, translationsRegisterInput } from '../../../domain/translations/translation-fields.js';
import { cursorParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const { maxPageSize, defaultPageSize } = translatableListLimits;
const digest = z
  .string()
  .regex(/^[0-9a-f]{64}$/)
  .meta({ description: 'SHA-256 of the source text (UTF-8), hex.' });

const translatableField = z
  .strictObject({ key: z.string(), value: z.string().meta({ description: 'The source text (the primary locale).' }), digest })
  .meta({ id: 'TranslatableField', description: 'A field of the resource with text to translate.' });

const translatedField = z
  .strictObject({
    key: z.string(),
    value: z.string(),
    digest: digest.nullable().meta({
      description:
        "The digest of the source this text translated: compare it with the field's own. Null for a translation stored without one (before digests were kept), which counts as outdated.",
    }),
    outdated: z.boolean().meta({ description: 'The source has changed since this translation was written; it is still served until replaced or removed.' }),
  })
  .meta({ id: 'TranslatedField' });

const localeTranslations = z
  .strictObject({
    locale: z.string(),
    published: z.boolean().meta({ description: 'Whether shoppers may read the locale yet.' }),
    fields: z.array(translatedField).meta({ description: 'The translated keys, by key; empty when nothing is translated yet.' }),
    updated_at: isoTimestamp.nullable(),
  })
  .meta({ id: 'LocaleTranslations' });

export const translatableResource = z
  .strictObject({
    type: z.enum(translatableTypeNames),
    id: uuid.meta({ description: "The resource's uuid (for product_metafields, the product's)." }),
    fields: z.array(translatableField),
    translations: z.array(localeTranslations).meta({ description: 'One entry per locale of the store but the primary, in the store order.' }),
  })
  .meta({ id: 'TranslatableResource', description: 'A resource with text to translate, its source digests and its translations in each locale.' });

const typeRule = `One of ${translatableTypeNames.join(', ')} (README "Translations" lists each type's keys).`;

export const translatableListQuery = z
  .looseObject({
    type: translatableTypeName.meta({ description: typeRule }),
    limit: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to the type.' }),
  })
  .transform((q) => ({ type: q.type, window: { size: q.limit ?? defaultPageSize, after: q.starting_after } }));

export const resourceParams = z.object({
  type: translatableTypeName.meta({ description: typeRule }),
  id: z.string().max(64).meta({ description: "The resource's uuid; another store's is 404." }),
});

export const translationsPutBody = wireObject(translationsRegisterInput.shape).meta({
  description: `locale: a locale the store has added (published or not), not the primary; fields: key to translated text (at most ${translationLimits.maxFields} keys, each text at most ${translationLimits.maxText} characters, kept as written). Keys not sent keep their translation. Unknown keys, an unknown locale and the primary are 422s naming them.`,
});

export const translationsDeleteQuery = z
  .looseObject({
    locale: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(35).meta({ description: 'The locale whose translations go.' }),
    keys: textParam(4096).meta({ description: 'Comma-separated keys to remove; left out, every key of the locale goes.' }),
  })
  .transform((q) => ({
    locale: q.locale,
    keys: q.keys
      ?.split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  }));

export const translatableResourceAnswer = singleAnswer(translatableResource);
export const translatableResourceListAnswer = listAnswer(translatableResource);
export const removedTranslationsAnswer = singleAnswer(
  z.strictObject({
    type: z.enum(translatableTypeNames),
    id: uuid,
    locale: z.string(),
    removed: z.array(z.string()).meta({ description: 'The keys removed; empty when none of them was translated (nothing changed, no event).' }),
  }),
);
