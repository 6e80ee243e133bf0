import type { Prisma, Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { TranslationKey } from '../loaders.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';
import { readShown } from './shown-rows.js';

/**
 * What a shopper list reads of its page's products: `shown`, the rows with what their cards show,
 * handed to the loaders (shown-rows.ts; GraphQL, whose resolvers read them there); `keys`, only
 * `productKeys`, for a face that writes its cards in SQL from the ids (shown-json.ts). A `keys`
 * row is typed as a product but holds those columns alone.
 */
export type PageRead = 'shown' | 'keys';

/** What orders a shopper list's rows (every storefront sort's columns) and names them. */
export const productKeys = { id: true, pId: true, createdAt: true, salesCount: true, priceMin: true } satisfies Prisma.ProductSelect;

/**
 * Reads, in one statement, every translation into `locale` that a page of these products shows
 * (the products' text and metafields, their categories and their variants) and
 * primes the translation loader with each, or with null where there is none. Nothing in the primary
 * locale. The products' relations must be primed already (`readShown`), or reading them costs their statements.
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
 * A page read by its keys, as `read` asks: with `shown`, its rows read with what they show
 * (`readShown`) and the translations of `locale` primed; with `keys`, as it is.
 */
export async function shownPage<Page extends { rows: Product[] }>(ctx: Ctx, page: Page, locale: ResolvedLocale, read: PageRead): Promise<Page> {
  if (read === 'keys') return page;
  const rows = await readShown(ctx, page.rows);
  await primeTranslations(ctx, rows, locale);
  return { ...page, rows };
}
