import type { RestRoute } from '../kit/route.js';
import { analyticsRoutes } from './analytics/routes.js';
import { appRoutes } from './apps/routes.js';
import { collectionRoutes } from './collections/routes.js';
import { couponRoutes } from './coupons/routes.js';
import { customerRoutes } from './customers/routes.js';
import { discountRoutes } from './discounts/routes.js';
import { fileRoutes } from './files/routes.js';
import { inventoryRoutes } from './inventory/routes.js';
import { localeRoutes } from './locales/routes.js';
import { metafieldRoutes } from './metafields/routes.js';
import { metaobjectRoutes } from './metaobjects/routes.js';
import { orderRoutes } from './orders/routes.js';
import { orderWriteRoutes } from './orders/write-routes.js';
import { postRoutes } from './posts/routes.js';
import { productImageRoutes } from './product-images/routes.js';
import { productRoutes } from './products/routes.js';
import { productWriteRoutes } from './products/write-routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { shippingZoneRoutes } from './shipping-zones/routes.js';
import { storefrontSearchRoutes } from './storefront-search/routes.js';
import { storeRoutes } from './store/routes.js';
import { translationRoutes } from './translations/routes.js';
import { teamRoutes } from './team/routes.js';
import { variantRoutes } from './variants/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

export { MERCHANT_PREFIX } from './paths.js';

/**
 * The Merchant API (`/api/v1/merchant`) operations this release serves, each behind its scope from
 * the spec's table; the `designed` ones (post writes) behind a scope of Bazaar's extensions.
 */
export const merchantRoutes: RestRoute[] = [
  ...storeRoutes,
  ...productRoutes,
  ...productWriteRoutes,
  ...variantRoutes,
  ...productImageRoutes,
  ...fileRoutes,
  ...inventoryRoutes,
  ...storefrontSearchRoutes,
  ...discountRoutes,
  ...couponRoutes,
  ...customerRoutes,
  ...collectionRoutes,
  ...shippingZoneRoutes,
  ...orderRoutes,
  ...orderWriteRoutes,
  ...appRoutes,
  ...reviewRoutes,
  ...metafieldRoutes,
  ...metaobjectRoutes,
  ...webhookRoutes,
  ...postRoutes,
  ...localeRoutes,
  ...translationRoutes,
  ...teamRoutes,
  ...analyticsRoutes,
];
