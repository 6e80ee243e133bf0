import { localePathPrefix, publishedLocales } from '../../domain/locale/resolve-locale.js';
import { openingState } from '../../domain/store/opening-hours.js';
import { builder } from '../builder.js';

export const Locale = builder.prismaObject('StoreLocale', {
  name: 'Locale',
  fields: (t) => ({
    code: t.exposeString('code'),
    name: t.exposeString('name'),
    nativeName: t.exposeString('nativeName'),
    isPrimary: t.exposeBoolean('isPrimary'),
    pathPrefix: t.string({ description: 'Empty on the primary locale.', resolve: (l) => localePathPrefix(l) }),
    dir: t.exposeString('dir', { description: 'Text direction, ltr or rtl.' }),
    published: t.exposeBoolean('published', { description: 'Shoppers read it; always true where the storefront lists locales.' }),
  }),
});

export const Shop = builder.prismaObject('Store', {
  name: 'Shop',
  fields: (t) => ({
    id: t.expose('id', { type: 'UUID' }),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    currencyCode: t.exposeString('currency', { description: 'ISO 4217 code of every price.' }),
    countryCode: t.exposeString('countryCode'),
    slogan: t.exposeString('slogan', { nullable: true }),
    shortDescription: t.exposeString('shortDescription', { nullable: true }),
    logoUrl: t.exposeString('logoUrl', { nullable: true }),
    bannerUrl: t.exposeString('bannerUrl', { nullable: true }),
    isDevStore: t.boolean({ resolve: (s) => s.mode === 'dev' }),
    isOpen: t.boolean({ resolve: (s, _args, { ctx }) => openingState(s, ctx.now).isOpen }),
    openTime: t.exposeString('openTime', { nullable: true }),
    closeTime: t.exposeString('closeTime', { nullable: true }),
    locales: t.field({
      type: [Locale],
      description: 'Published locales, primary first.',
      resolve: (_s, _args, { ctx }) => publishedLocales(ctx),
    }),
  }),
});
