/** Prisma's model operations that only read: what reference data allows, and what never changes a cached answer. */
export const readOperations: ReadonlySet<string> = new Set([
  'findUnique',
  'findUniqueOrThrow',
  'findFirst',
  'findFirstOrThrow',
  'findMany',
  'count',
  'aggregate',
  'groupBy',
]);
