import type { Ctx } from '../domain/context.js';

/** The GraphQL context: the domain context, the same one REST handlers get. */
export interface GraphqlContext {
  ctx: Ctx;
}
