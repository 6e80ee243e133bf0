import type { Ctx } from '../../domain/context.js';
import {
  getTranslatableResource,
  listTranslatableResources,
  translatableListLimits,
  type LocaleTranslations,
  type TranslatableField,
  type TranslatableResource,
  type TranslatedField,
} from '../../domain/translations/translatable-resources.js';
import { translatableTypeNames, type TranslatableTypeName } from '../../domain/translations/translatable-types.js';
import { translationsRegisterInput } from '../../domain/translations/translation-fields.js';
import { registerTranslations, removeTranslations } from '../../domain/translations/write-translations.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';

// The merchant's translations: GET /translatable-resources[/{type}/{id}] and PUT|DELETE
// /translations/{type}/{id} on the same domain calls, named as Shopify names them.

const TranslatableResourceType = builder.enumType('TranslatableResourceType', {
  description: 'REST `type`, upper-cased: product, variant, collection, category, post, metaobject, product_metafields.',
  values: Object.fromEntries(translatableTypeNames.map((name) => [name.toUpperCase(), { value: name }])) as Record<string, { value: TranslatableTypeName }>,
});

const TranslatableContent = builder.objectRef<TranslatableField>('TranslatableContent').implement({
  description: 'A field with text to translate: its source (the primary locale) and the SHA-256 digest of it, hex.',
  fields: (t) => ({ key: t.exposeString('key'), value: t.exposeString('value'), digest: t.exposeString('digest') }),
});

const Translation = builder.objectRef<TranslatedField>('Translation').implement({
  description: 'A translated field; outdated once the source digest differs from the one it was written against.',
  fields: (t) => ({
    key: t.exposeString('key'),
    value: t.exposeString('value'),
    digest: t.exposeString('digest', {
      nullable: true,
      description: 'The digest of the source this text translated; null (outdated) for one stored without it.',
    }),
    outdated: t.exposeBoolean('outdated'),
  }),
});

const LocaleTranslationsRef = builder.objectRef<LocaleTranslations>('LocaleTranslations').implement({
  fields: (t) => ({
    locale: t.exposeString('locale'),
    published: t.exposeBoolean('published'),
    translations: t.field({ type: [Translation], resolve: (l) => l.fields }),
    updatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (l) => l.updatedAt }),
  }),
});

const TranslatableResourceRef = builder.objectRef<TranslatableResource>('TranslatableResource').implement({
  description: 'REST TranslatableResource: the text to translate and its translation in every locale but the primary.',
  fields: (t) => ({
    resourceType: t.field({ type: TranslatableResourceType, resolve: (r) => r.type }),
    resourceId: t.exposeString('id', { description: "The resource's uuid (for PRODUCT_METAFIELDS, the product's)." }),
    translatableContent: t.field({ type: [TranslatableContent], resolve: (r) => r.fields }),
    locales: t.field({ type: [LocaleTranslationsRef], resolve: (r) => r.translations }),
  }),
});

async function foundOrNull(run: () => Promise<TranslatableResource>): Promise<TranslatableResource | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  }
}

builder.objectFields(Merchant, (t) => ({
  translatableResources: t.connection({
    type: TranslatableResourceRef,
    ...merchantScope('merchant-translations-read'),
    description: 'GET /translatable-resources: the resources of one type by uuid; the cursors are REST next_cursor.',
    args: { resourceType: t.arg({ type: TranslatableResourceType, required: true }) },
    resolve: async (_m, args, { ctx }) => {
      if (args.last != null || args.before != null) throw ApiError.invalidField(args.last != null ? 'last' : 'before', 'this connection walks forwards only');
      const window = windowOf(args, translatableListLimits.maxPageSize, translatableListLimits.defaultPageSize);
      const page = await listTranslatableResources(ctx, { type: args.resourceType, window });
      return connectionOf(page, (_row, i) => page.resources[i]!);
    },
  }),
  translatableResource: t.field({
    type: TranslatableResourceRef,
    nullable: true,
    ...merchantScope('merchant-translations-read'),
    description: "GET /translatable-resources/{type}/{id}; null for no such resource (or another store's).",
    args: { resourceType: t.arg({ type: TranslatableResourceType, required: true }), resourceId: t.arg.string({ required: true }) },
    resolve: (_m, args, { ctx }) => foundOrNull(() => getTranslatableResource(ctx, args.resourceType, args.resourceId)),
  }),
}));

const TranslationInput = builder.inputType('TranslationInput', {
  fields: (t) => ({ key: t.string({ required: true }), value: t.string({ required: true }) }),
});

const TranslationsRegisterPayload = builder
  .objectRef<{ resource: TranslatableResource | null; userErrors: UserErrorShape[] }>('TranslationsRegisterPayload')
  .implement({
    fields: (t) => ({
      translatableResource: t.field({ type: TranslatableResourceRef, nullable: true, resolve: (p) => p.resource }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const TranslationsRemovePayload = builder.objectRef<{ removed: string[] | null; userErrors: UserErrorShape[] }>('TranslationsRemovePayload').implement({
  fields: (t) => ({
    removedKeys: t.stringList({ nullable: true, description: 'The keys removed; empty when none was translated.', resolve: (p) => p.removed }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

/** REST names its body `fields` and the DELETE query `keys`; here they are `translations` and `keys`. */
const byArgument = (field: string) => field.replace(/^fields(?=\.|$)/, 'translations');

const resourceArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  resourceType: t.arg({ type: TranslatableResourceType, required: true }),
  resourceId: t.arg.string({ required: true }),
  locale: t.arg.string({ required: true }),
});

async function register(ctx: Ctx, type: TranslatableTypeName, id: string, locale: string, translations: { key: string; value: string }[]) {
  const input = parseInput(translationsRegisterInput, { locale, fields: Object.fromEntries(translations.map((tr) => [tr.key, tr.value])) });
  return registerTranslations(ctx, type, id, input);
}

builder.mutationFields((t) => ({
  translationsRegister: t.field({
    type: TranslationsRegisterPayload,
    ...merchantScope('merchant-translations-write'),
    description: "PUT /translations/{type}/{id}: set a resource's translations in one locale; keys not sent keep theirs.",
    args: { ...resourceArgs(t), translations: t.arg({ type: [TranslationInput], required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => register(ctx, args.resourceType, args.resourceId, args.locale, args.translations),
        byArgument,
      );
      return { resource: result, userErrors };
    },
  }),
  translationsRemove: t.field({
    type: TranslationsRemovePayload,
    ...merchantScope('merchant-translations-write'),
    description: "DELETE /translations/{type}/{id}: remove a locale's translations of a resource, or only the keys named.",
    args: { ...resourceArgs(t), keys: t.arg.stringList({ required: false, description: 'Left out, every key of the locale goes.' }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => removeTranslations(ctx, args.resourceType, args.resourceId, { locale: args.locale, keys: args.keys ?? undefined }),
        byArgument,
      );
      return { removed: result?.removed ?? null, userErrors };
    },
  }),
}));
