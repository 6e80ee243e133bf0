import type { Collection, Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { StoredRules } from './rule-language.js';
import type { SmartWhereCompiler } from './smart-where.js';

/** The products of a collection as a product condition: the rows of a manual one, the rules of a smart one. */
export function membershipWhere(compile: SmartWhereCompiler, collection: Collection): Promise<Prisma.ProductWhereInput> | Prisma.ProductWhereInput {
  if (collection.mode === 'smart') return compile(collection.rules as unknown as StoredRules | null);
  return { collections: { some: { collectionId: collection.id } } };
}

/**
 * How many products each collection holds among `visible` products. Manual collections are one
 * grouped count over their rows; a smart collection has no rows to group, so each costs one count
 * statement (run together), bounded by the number of smart collections asked about.
 */
export async function productCounts(
  ctx: Ctx,
  compile: SmartWhereCompiler,
  collections: Collection[],
  visible: Prisma.ProductWhereInput,
): Promise<Map<string, number>> {
  const manual = collections.filter((c) => c.mode !== 'smart').map((c) => c.id);
  const smart = collections.filter((c) => c.mode === 'smart');
  const [grouped, smartCounts] = await Promise.all([
    manual.length
      ? ctx.db.collectionProduct.groupBy({ by: ['collectionId'], where: { collectionId: { in: manual }, product: visible }, _count: { _all: true } })
      : [],
    Promise.all(smart.map(async (c) => [c.id, await ctx.db.product.count({ where: { AND: [visible, await membershipWhere(compile, c)] } })] as const)),
  ]);
  const counts = new Map<string, number>(smartCounts);
  for (const id of manual) counts.set(id, 0);
  for (const row of grouped) counts.set(row.collectionId, row._count._all);
  return counts;
}
