import type { Store, StoreLocale } from '../../generated/prisma/client.js';
import { openingState } from '../../domain/store/opening-hours.js';
import { builder } from '../builder.js';
import { Locale } from './types.js';

/**
 * The business profile, unmasked, for the store's own systems (REST GET /store). The fields the
 * storefront's Shop type has keep their names and meaning, so a selection written for Shop reads the same.
 */
export const StoreProfile = builder.objectRef<{ store: Store; locales: StoreLocale[] }>('StoreProfile').implement({
  description: "The store's business profile as its own systems see it (REST GET /store): every locale, the plan, the support contacts.",
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (p) => p.store.id }),
    name: t.string({ resolve: (p) => p.store.name }),
    slug: t.string({ resolve: (p) => p.store.slug }),
    mode: t.string({ description: 'live or dev.', resolve: (p) => p.store.mode }),
    isDevStore: t.boolean({ resolve: (p) => p.store.mode === 'dev' }),
    plan: t.string({ description: 'active or inactive.', resolve: (p) => p.store.plan }),
    currencyCode: t.string({ description: 'ISO 4217 code of every price.', resolve: (p) => p.store.currency }),
    countryCode: t.string({ resolve: (p) => p.store.countryCode }),
    phoneCode: t.string({ resolve: (p) => p.store.phoneCode }),
    timezone: t.string({ description: 'IANA time zone, such as Europe/Paris.', resolve: (p) => p.store.timezone }),
    storefrontUrl: t.string({ nullable: true, resolve: (p) => p.store.storefrontUrl }),
    primaryLocale: t.string({ nullable: true, resolve: (p) => p.locales.find((l) => l.isPrimary)?.code ?? null }),
    locales: t.field({ type: [Locale], description: 'Every locale, published or not, primary first.', resolve: (p) => p.locales }),
    slogan: t.string({ nullable: true, resolve: (p) => p.store.slogan }),
    shortDescription: t.string({ nullable: true, resolve: (p) => p.store.shortDescription }),
    logoUrl: t.string({ nullable: true, resolve: (p) => p.store.logoUrl }),
    bannerUrl: t.string({ nullable: true, resolve: (p) => p.store.bannerUrl }),
    address: t.string({ nullable: true, resolve: (p) => p.store.address }),
    area: t.string({ nullable: true, resolve: (p) => p.store.area }),
    landmark: t.string({ nullable: true, resolve: (p) => p.store.landmark }),
    supportPhone: t.string({ nullable: true, resolve: (p) => p.store.supportPhone }),
    supportEmail: t.string({ nullable: true, resolve: (p) => p.store.supportEmail }),
    openTime: t.string({ nullable: true, resolve: (p) => p.store.openTime }),
    closeTime: t.string({ nullable: true, resolve: (p) => p.store.closeTime }),
    isOpen: t.boolean({ resolve: (p, _a, { ctx }) => openingState(p.store, ctx.now).isOpen }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.store.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.store.updatedAt }),
  }),
});
