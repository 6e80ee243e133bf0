/** The reads that take `relationLoadStrategy`. */
const finds = new Set(['findUnique', 'findUniqueOrThrow', 'findFirst', 'findFirstOrThrow', 'findMany']);

/**
 * A read's relations loaded one statement per relation, as they were before the `relationJoins`
 * preview, which makes one joined statement (`'join'`) the default of every include. The reads that
 * pay for a join ask for it themselves (a shopper's product page, a key with its store); every
 * other read keeps the plan it was measured with.
 */
export function withRelationStrategy<A extends object | undefined>(operation: string, args: A): A {
  if (!finds.has(operation) || (args && 'relationLoadStrategy' in args)) return args;
  return { ...args, relationLoadStrategy: 'query' } as A;
}
