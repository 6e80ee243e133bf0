import type { Store, StoreLocale } from '../../../generated/prisma/client.js';
import { isoTimestamp } from '../../kit/format.js';

/** GET /store: the business profile, unmasked, for the store's own systems. */
export function presentStoreProfile(store: Store, locales: StoreLocale[]) {
  return {
    id: store.id,
    name: store.name,
    slug: store.slug,
    mode: store.mode,
    plan: store.plan,
    currency: store.currency,
    country_code: store.countryCode,
    phone_code: store.phoneCode,
    timezone: store.timezone,
    storefront_url: store.storefrontUrl,
    primary_locale: locales.find((l) => l.isPrimary)?.code ?? null,
    locales: locales.map((l) => ({ code: l.code, name: l.name, is_primary: l.isPrimary, published: l.published })),
    slogan: store.slogan,
    short_description: store.shortDescription,
    logo: store.logoUrl,
    banner: store.bannerUrl,
    address: store.address,
    area: store.area,
    landmark: store.landmark,
    support_phone: store.supportPhone,
    support_email: store.supportEmail,
    open_time: store.openTime,
    close_time: store.closeTime,
    created_at: isoTimestamp(store.createdAt),
    updated_at: isoTimestamp(store.updatedAt),
  };
}
