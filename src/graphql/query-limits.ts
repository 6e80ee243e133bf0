import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';

/**
 * One request counts once against the rate limit, so one document must not fan out into hundreds
 * of list reads: aliases, depth and the document's cost are bounded before it executes.
 * The limits leave room for every storefront and merchant query the schema was built for.
 */
export const queryLimits = {
  maxAliases: 15,
  maxDepth: 10,
  maxCost: 25_000,
};

export function queryLimitPlugins() {
  return [
    maxAliasesPlugin({ n: queryLimits.maxAliases }),
    maxDepthPlugin({ n: queryLimits.maxDepth, ignoreIntrospection: true }),
    costLimitPlugin({ maxCost: queryLimits.maxCost, ignoreIntrospection: true }),
  ];
}
