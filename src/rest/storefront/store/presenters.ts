import type { Store, StoreLocale } from '../../../generated/prisma/client.js';
import type { Discount } from '../../../domain/pricing/discounts.js';
import { renditionsOf } from '../../../domain/media/renditions.js';
import { openingState } from '../../../domain/store/opening-hours.js';
import { isNew } from '../../../domain/catalog/freshness.js';
import { localePathPrefix } from '../../../domain/locale/resolve-locale.js';
import { maskEmail, maskPhone, moneyNumber } from '../../kit/format.js';
import { presentDiscount } from '../discounts/presenters.js';

/** `data` of GET /store/info. Distance needs the shopper's location, which this call does not take: 0 and "". */
export function presentStoreInfo(store: Store, now: Date, discounts: Discount[]) {
  const opening = openingState(store, now);
  const isDev = store.mode === 'dev';
  return {
    id: store.id,
    name: store.name,
    slug: store.slug,
    distance: 0,
    distance_text: '',
    delivery_info: {
      delivery_fee: moneyNumber(store.deliveryFee),
      delivery_time: store.deliveryTime,
      pickup_enabled: store.pickupEnabled,
      delivery_message: store.deliveryMessage,
      disable_delivery: store.disableDelivery,
    },
    is_open: opening.isOpen,
    message: opening.message,
    temporary_unavailable: store.temporaryUnavailable,
    preorder_enabled: store.preorderEnabled,
    tags: store.tags,
    tag: store.tags[0] ?? null,
    is_new: isNew(store.createdAt, now),
    featured: store.featured,
    service_type: store.serviceType,
    commerce_mode: store.commerceMode,
    notice: store.notice,
    service: store.service,
    logo: store.logoUrl,
    banner: store.bannerUrl,
    logo_variants: store.logoUrl ? renditionsOf(store.logoUrl, null, null) : null,
    banner_variants: store.bannerUrl ? renditionsOf(store.bannerUrl, null, null) : null,
    rating: Number(store.rating.toFixed(2)),
    rating_count: store.ratingCount,
    discounts: discounts.map(presentDiscount),
    open_time: store.openTime,
    close_time: store.closeTime,
    address: store.address,
    area: store.area,
    landmark: store.landmark,
    support_phone: maskPhone(store.supportPhone),
    country_code: store.countryCode,
    phone_code: store.phoneCode,
    support_email: maskEmail(store.supportEmail),
    slogan: store.slogan,
    short_description: store.shortDescription,
    disable_order: store.disableOrder,
    region_id: store.regionId,
    min_order_price: moneyNumber(store.minOrderPrice),
    is_test: isDev,
    dev_store: isDev,
    password_required: store.passwordRequired,
    indexable: store.indexable,
    is_closed: !opening.isOpen,
    currency: store.currency,
  };
}

/** An element of GET /store/locales. */
export function presentLocale(locale: StoreLocale) {
  return {
    locale: locale.code,
    name: locale.name,
    native_name: locale.nativeName,
    is_primary: locale.isPrimary,
    path_prefix: localePathPrefix(locale),
    hreflang: locale.code,
    html_lang: locale.code,
    dir: locale.dir,
  };
}
