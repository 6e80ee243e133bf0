import type { Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { relationOrder, type TranslationKey } from '../loaders.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';

/**
 * What a shopper's product card or page shows besides the product's own row, joined into the
 * statement that reads the products (`relationLoadStrategy: 'join'`: one LATERAL subquery per
 * relation, aggregated to JSON by PostgreSQL), so a page costs one statement whatever its size.
 * Every face reads these relations through the request's loaders, which `keepShown` primes, so
 * presenters and resolvers do not know where the rows came from.
 */
export const shownRelations = {
  variants: { orderBy: relationOrder.variants },
  images: { orderBy: relationOrder.images },
  options: { orderBy: relationOrder.options },
  category: true,
} satisfies Prisma.ProductInclude;

/**
 * What a shopper list reads of its page's products: `shown`, the rows with what their cards show
 * joined in and handed to the loaders (GraphQL, whose resolvers read them there); `keys`, only
 * `productKeys`, for a face that writes its cards in SQL from the ids (shown-json.ts). A `keys`
 * row is typed as a product but holds those columns alone.
 */
export type PageRead = 'shown' | 'keys';

/** What orders a shopper list's rows (every storefront sort's columns) and names them. */
export const productKeys = { id: true, pId: true, createdAt: true, salesCount: true, priceMin: true } satisfies Prisma.ProductSelect;

export type ShownProduct = Shown;
type Shown = Prisma.ProductGetPayload<{ include: typeof shownRelations }>;

/** A row as read with its relations, handed on without them: every face reads those from the loaders. */
export type Bare<Row> = Omit<Row, keyof typeof shownRelations>;

/**
 * Hands each product's joined relations to the request's loaders (a loader already holding a
 * product keeps what it holds) and answers the rows without them.
 */
export function keepShown<Row extends Shown>(ctx: Ctx, rows: Row[]): Bare<Row>[] {
  const { loaders } = ctx;
  return rows.map((row) => {
    const { variants, images, options, category, ...product } = row;
    loaders.variantsByProduct.prime(row.id, variants);
    loaders.imagesByProduct.prime(row.id, images);
    loaders.optionsByProduct.prime(row.id, options);
    if (category) loaders.categoryById.prime(category.id, category);
    return product;
  });
}

/**
 * Reads, in one statement, every translation into `locale` that a page of these products shows
 * (the products' text and metafields, their categories and their variants) and
 * primes the translation loader with each, or with null where there is none. Nothing in the primary
 * locale. The products' relations must be primed already (`keepShown`), or reading them costs their statements.
 */
export async function primeTranslations(ctx: Ctx, products: Product[], locale: ResolvedLocale): Promise<void> {
  if (locale.isPrimary || !products.length) return;
  const productIds = products.map((p) => p.id);
  const variants = await ctx.loaders.variantsByProduct.loadMany(productIds);
  const ids: Record<string, string[]> = {
    product: productIds,
    product_metafields: productIds,
    category: [...new Set(products.flatMap((p) => (p.categoryId ? [p.categoryId] : [])))],
    variant: variants.flatMap((rows) => (rows instanceof Error ? [] : rows.map((v) => v.id))),
  };
  const wanted = Object.entries(ids).filter(([, list]) => list.length);
  const rows = await ctx.db.translation.findMany({
    where: { locale: locale.code, OR: wanted.map(([resourceType, list]) => ({ resourceType, resourceId: { in: list } })) },
  });
  const found = new Map(rows.map((row) => [`${row.resourceType}\u0000${row.resourceId}`, row.fields]));
  for (const [resourceType, list] of wanted) {
    for (const resourceId of list) {
      const key: TranslationKey = { resourceType, resourceId, locale: locale.code };
      ctx.loaders.translation.prime(key, (found.get(`${resourceType}\u0000${resourceId}`) as Record<string, string | null> | undefined) ?? null);
    }
  }
}

/**
 * A page of products with `include` joined into the read. Past the first page (`skip`) the page's
 * ids are read first and then joined: PostgreSQL builds a joined read's relations for the rows an
 * OFFSET skips too, so page 20 of 50 cards would aggregate a thousand cards' relations to keep 50
 * (measured at 10,000 products: 126 ms against 20-35 ms for the two statements).
 */
export async function findJoinedProducts<Row extends { id: string }>(
  ctx: Ctx,
  args: Pick<Prisma.ProductFindManyArgs, 'where' | 'orderBy' | 'take' | 'skip'>,
  include: Prisma.ProductInclude,
): Promise<Row[]> {
  if (!args.skip) return (await ctx.db.product.findMany({ ...args, include, relationLoadStrategy: 'join' })) as unknown as Row[];
  const ids = (await ctx.db.product.findMany({ ...args, select: { id: true } })).map((row) => row.id);
  if (!ids.length) return [];
  // The page's own filter again: a product hidden between the two reads leaves the page rather than show.
  const rows = (await ctx.db.product.findMany({
    where: { AND: [args.where ?? {}, { id: { in: ids } }] },
    include,
    relationLoadStrategy: 'join',
  })) as unknown as Row[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
