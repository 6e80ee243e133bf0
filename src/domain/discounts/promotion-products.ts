import type { Discount, Prisma, Product } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { filteredProducts, type ShopperProductFilter } from '../catalog/facets/filtered-products.js';
import type { Facet } from '../catalog/facets/option-index.js';
import { catalogSorts, productsSortedBy } from '../catalog/product-sorts.js';
import { readShown } from '../catalog/shown-rows.js';
import { resolveLocale, type ResolvedLocale } from '../locale/resolve-locale.js';
import { orderByOf, type KeysetSort } from '../pagination/keyset.js';
import { parseRecordId } from '../record-id.js';
import { livePredicate, targetPredicate } from './liveness.js';

export const promotionProductLimits = { maxPageSize: 50, defaultPageSize: 20, maxPage: 50, maxKeywordLength: 100 } as const;

export const promotionSortNames = ['newest', 'price_low', 'price_high', 'popular', 'in_stock'] as const;
export type PromotionProductSort = (typeof promotionSortNames)[number];

const sorts: Record<PromotionProductSort, KeysetSort<Product>> = {
  newest: catalogSorts.latest,
  price_low: catalogSorts.price_low,
  price_high: catalogSorts.price_high,
  popular: catalogSorts.popular,
  in_stock: [{ field: 'inStock', direction: 'desc', read: (p) => p.inStock, parse: Boolean }, ...catalogSorts.latest],
};

/** A promotion of the store that is live now; a discount, another store's promotion or one not live is a 404. */
export async function findLivePromotion(ctx: Ctx, raw: string): Promise<Discount> {
  const ref = parseRecordId(raw);
  const promotion = ref ? await ctx.db.discount.findFirst({ where: { ...ref, kind: 'promotion', ...livePredicate(ctx.now) } }) : null;
  if (!promotion) throw ApiError.notFound('Promotion');
  return promotion;
}

export interface PromotionProductsInput extends ShopperProductFilter {
  promotion: string;
  page: number;
  size: number;
  sort: PromotionProductSort;
  locale?: string | null;
}

export interface PromotionProductsPage {
  promotion: Discount;
  locale: ResolvedLocale;
  rows: Product[];
  hasMore: boolean;
  facets: Facet[];
}

/** The shopper-visible products a live promotion targets, by page number (this list takes no cursor), with facets. */
export async function listPromotionProducts(ctx: Ctx, input: PromotionProductsInput): Promise<PromotionProductsPage> {
  if (input.page > promotionProductLimits.maxPage) {
    throw new ApiError('page_too_deep', `This list stops at page ${promotionProductLimits.maxPage}.`, {
      fieldErrors: { page: [`must be at most ${promotionProductLimits.maxPage}`] },
    });
  }
  const [promotion, locale] = await Promise.all([findLivePromotion(ctx, input.promotion), resolveLocale(ctx, input.locale)]);
  const filtered = await filteredProducts(ctx, targetPredicate(promotion), input, { facets: true, attributesField: 'attributes' });
  const fetch = await productsSortedBy(ctx, sorts[input.sort]);
  const fetched = await fetch({
    where: filtered.where,
    orderBy: orderByOf(sorts[input.sort]) as Prisma.ProductOrderByWithRelationInput[],
    skip: (input.page - 1) * input.size,
    take: input.size + 1,
  });
  const rows = await readShown(ctx, fetched.slice(0, input.size));
  return { promotion, locale, rows, hasMore: fetched.length > input.size, facets: filtered.facets ?? [] };
}

/** The attribute facets of a live promotion's products under the filter, without a page of them (the rule of `listPromotionProducts`'s facets). */
export async function promotionFacets(ctx: Ctx, promotion: Discount, filter: ShopperProductFilter): Promise<Facet[]> {
  return (await filteredProducts(ctx, targetPredicate(promotion), filter, { facets: true, attributesField: 'attributes' })).facets ?? [];
}
