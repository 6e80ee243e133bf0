import { publishedLocales } from '../../domain/locale/resolve-locale.js';
import { getStoreProfile } from '../../domain/store/store-profile.js';
import { builder, catalogueCacheField, merchantScope, storeKeyField } from '../builder.js';
import { pageViewField } from '../page-views.js';
import { Merchant } from '../merchant/namespace.js';
import { StoreProfile } from './profile-type.js';
import { Locale, Shop } from './types.js';

builder.queryFields((t) => ({
  shop: t.field({ type: Shop, ...storeKeyField, extensions: pageViewField('home'), resolve: (_root, _args, { ctx }) => ctx.store }),
  locales: t.field({
    type: [Locale],
    ...storeKeyField,
    ...catalogueCacheField,
    description: 'Published locales, primary first.',
    resolve: (_root, _args, { ctx }) => publishedLocales(ctx),
  }),
}));

builder.objectFields(Merchant, (t) => ({
  store: t.field({
    type: StoreProfile,
    ...merchantScope('merchant-business_profile-read'),
    description: 'The business profile, unmasked (REST GET /store).',
    resolve: (_m, _a, { ctx }) => getStoreProfile(ctx),
  }),
}));
