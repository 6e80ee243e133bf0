import { publishedLocales } from '../../domain/locale/resolve-locale.js';
import { builder, catalogueCacheField, merchantScope, storeKeyField } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { Locale, Shop } from './types.js';

builder.queryFields((t) => ({
  shop: t.field({ type: Shop, ...storeKeyField, resolve: (_root, _args, { ctx }) => ctx.store }),
  locales: t.field({
    type: [Locale],
    ...storeKeyField,
    ...catalogueCacheField,
    description: 'Published locales, primary first.',
    resolve: (_root, _args, { ctx }) => publishedLocales(ctx),
  }),
}));

builder.objectFields(Merchant, (t) => ({
  store: t.field({ type: Shop, ...merchantScope('merchant-business_profile-read'), resolve: (_m, _a, { ctx }) => ctx.store }),
}));
