import type { StoreLocale } from '../../generated/prisma/client.js';
import { localeCreateInput, localeUpdateInput } from '../../domain/locale/locale-fields.js';
import { addStoreLocale, deleteStoreLocale, listStoreLocales, updateStoreLocale } from '../../domain/locale/manage-locales.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { Locale } from '../store/types.js';

// The merchant's locales: GET|POST /locales and PATCH|DELETE /locales/{locale} on the same domain
// calls; a userError names the argument (`code`, `published`, `primary`).

const LocalePayload = (name: string) =>
  builder.objectRef<{ locale: StoreLocale | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      locale: t.field({ type: Locale, nullable: true, resolve: (p) => p.locale }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const LocaleDeletePayload = builder.objectRef<{ locale: StoreLocale | null; userErrors: UserErrorShape[] }>('LocaleDeletePayload').implement({
  fields: (t) => ({
    deletedCode: t.string({ nullable: true, resolve: (p) => p.locale?.code ?? null }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const byArgument = (field: string) => (field === 'locale' ? 'code' : field);

builder.objectFields(Merchant, (t) => ({
  locales: t.field({
    type: [Locale],
    ...merchantScope('merchant-locales-read'),
    description: 'GET /locales: every locale, published or not, primary first.',
    resolve: (_m, _a, { ctx }) => listStoreLocales(ctx),
  }),
}));

builder.mutationFields((t) => ({
  localeAdd: t.field({
    type: LocalePayload('LocaleAddPayload'),
    ...merchantScope('merchant-locales-write'),
    description: 'POST /locales: a known code, unpublished unless published is true.',
    args: { code: t.arg.string({ required: true }), published: t.arg.boolean({ required: false }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(
        () => addStoreLocale(ctx, parseInput(localeCreateInput, { code: args.code, published: args.published ?? undefined })),
        byArgument,
      );
      return { locale: result, userErrors };
    },
  }),
  localeUpdate: t.field({
    type: LocalePayload('LocaleUpdatePayload'),
    ...merchantScope('merchant-locales-write'),
    description: 'PATCH /locales/{locale}: publish, unpublish or make primary; the primary cannot be unpublished.',
    args: { code: t.arg.string({ required: true }), published: t.arg.boolean({ required: false }), primary: t.arg.boolean({ required: false }) },
    resolve: async (_root, args, { ctx }) => {
      const input = parseInput(localeUpdateInput, { published: args.published ?? undefined, primary: args.primary ?? undefined });
      const { result, userErrors } = await asMutationPayload(() => updateStoreLocale(ctx, args.code, input), byArgument);
      return { locale: result, userErrors };
    },
  }),
  localeDelete: t.field({
    type: LocaleDeletePayload,
    ...merchantScope('merchant-locales-write'),
    description: 'DELETE /locales/{locale}: the locale and its translations; the primary cannot be deleted.',
    args: { code: t.arg.string({ required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => deleteStoreLocale(ctx, args.code), byArgument);
      return { locale: result, userErrors };
    },
  }),
}));
