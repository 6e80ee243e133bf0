import type { Product } from '../generated/prisma/client.js';
import type { Ctx } from '../domain/context.js';
import type { ResolvedLocale } from '../domain/locale/resolve-locale.js';

/** The GraphQL context: the domain context plus the locale each product row was read in. */
export interface GraphqlContext {
  ctx: Ctx;
  localeOf: WeakMap<Product, ResolvedLocale>;
}
