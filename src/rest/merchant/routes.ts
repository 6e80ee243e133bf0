import type { RestRoute } from '../kit/route.js';
import { fileRoutes } from './files/routes.js';
import { productImageRoutes } from './product-images/routes.js';
import { productRoutes } from './products/routes.js';
import { storeRoutes } from './store/routes.js';

export const MERCHANT_PREFIX = '/api/v1/merchant';

/** The Merchant API (`/api/v1/merchant`) operations this release serves, each behind its scope from the spec's table. */
export const merchantRoutes: RestRoute[] = [...storeRoutes, ...productRoutes, ...productImageRoutes, ...fileRoutes];
