import type { RestRoute } from '../kit/route.js';
import { accountRoutes } from './account/routes.js';
import { cartRoutes } from './cart/routes.js';
import { orderRoutes } from './orders/routes.js';
import { addressRoutes } from './addresses/routes.js';
import { followRoutes } from './follow/routes.js';
import { wishlistRoutes } from './wishlist/routes.js';
import { passwordRoutes } from './auth/password-routes.js';
import { phoneAuthRoutes } from './auth/phone-routes.js';
import { authRoutes } from './auth/routes.js';
import { productRoutes } from './products/routes.js';
import { promotionRoutes } from './promotions/routes.js';
import { reviewReadRoutes, reviewWriteRoutes } from './reviews/routes.js';
import { collectionRoutes } from './collections/routes.js';
import { promotionProductRoutes } from './promotion-products/routes.js';
import { storeRoutes } from './store/routes.js';
import { metaobjectRoutes } from './metaobjects/routes.js';
import { postRoutes } from './posts/routes.js';

export const STOREFRONT_PREFIX = '/v1';

/** The Storefront API (`/v1`) operations this release serves; any other path answers route_not_available. */
export const storefrontRoutes: RestRoute[] = [
  ...storeRoutes,
  ...productRoutes,
  ...reviewReadRoutes,
  ...reviewWriteRoutes,
  ...promotionRoutes,
  ...authRoutes,
  ...passwordRoutes,
  ...phoneAuthRoutes,
  ...accountRoutes,
  ...addressRoutes,
  ...followRoutes,
  ...wishlistRoutes,
  ...cartRoutes,
  ...orderRoutes,
  ...collectionRoutes,
  ...promotionProductRoutes,
  ...metaobjectRoutes,
  ...postRoutes,
];
