import { z } from 'zod';
import { translatableTypeNames } from './translatable-types.js';

/** A translated text is kept as written; the longest source (a post's markdown) bounds it. */
export const translationLimits = { maxText: 100_000, maxKey: 255, maxFields: 100 } as const;

export const translatableTypeName = z.enum(translatableTypeNames, { error: `must be one of ${translatableTypeNames.join(', ')}` });

const translatedText = z
  .string({ error: 'must be text' })
  .max(translationLimits.maxText, { error: `must be at most ${translationLimits.maxText} characters` })
  .refine((text) => text.trim() !== '', { error: 'must not be empty (DELETE /translations removes a translation)' });

export const translationsRegisterInput = z.strictObject({
  locale: z.string({ error: 'is required' }).trim().min(1, { error: 'must not be empty' }).max(35, { error: 'must be at most 35 characters' }),
  fields: z
    .record(z.string().max(translationLimits.maxKey), translatedText, { error: 'must be an object of field key to text' })
    .refine((fields) => Object.keys(fields).length > 0, { error: 'must name at least one field' })
    .refine((fields) => Object.keys(fields).length <= translationLimits.maxFields, { error: `must name at most ${translationLimits.maxFields} fields` }),
});
export type TranslationsRegisterInput = z.output<typeof translationsRegisterInput>;

export interface TranslationsRemoveInput {
  locale: string;
  /** The keys to remove; undefined removes the locale's whole translation of the resource. */
  keys?: string[];
}
