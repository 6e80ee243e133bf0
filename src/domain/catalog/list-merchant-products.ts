import { z } from 'zod';
import type { Product } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { keysetPage, type ConnectionWalk, type KeysetPage, type KeysetQuery } from '../pagination/keyset-page.js';
import type { KeysetSort } from '../pagination/keyset.js';
import { booleanParam, cursorParam, enumParam, integerParam, parseInput, timestampParam, uuidParam } from '../validation.js';
import { changeFeedSort, merchantSort, merchantSortFields } from './product-sorts.js';
import { merchantVisible } from './visibility.js';

export const MERCHANT_LIST = 'merchant.products';

const input = z.object({
  limit: integerParam(1, 100),
  starting_after: cursorParam,
  sort_by: enumParam(merchantSortFields),
  sort_order: enumParam(['asc', 'desc']),
  stock_status: enumParam(['in_stock', 'out_of_stock']),
  category_id: uuidParam,
  published: booleanParam,
  track_inventory: booleanParam,
  updated_after: timestampParam,
  page: z.unknown().optional(),
  per_page: z.unknown().optional(),
});

export type MerchantProductListInput = z.input<typeof input>;

const present = (value: unknown) => value !== undefined && value !== '';

/** Parameters the polling feed refuses: its order is fixed and it walks by cursor only. */
const feedExclusive = ['sort_by', 'sort_order', 'page', 'per_page'] as const;

/**
 * The merchant's product list. With `updated_after` it is the polling feed: rows changed after
 * the time, oldest change first, cursor bound to the time and the filters.
 */
export async function listMerchantProducts(ctx: Ctx, raw: MerchantProductListInput, walk: ConnectionWalk = {}): Promise<KeysetPage<Product>> {
  const params = parseInput(input, raw);
  if (params.updated_after) {
    const refused: FieldErrors = {};
    for (const name of feedExclusive) {
      if (present(params[name]))
        refused[name] = [`cannot be combined with updated_after: the change feed is ordered oldest change first and walked by cursor.`];
    }
    if (Object.keys(refused).length) throw ApiError.validation(refused);
  } else if (present(params.page) || present(params.per_page)) {
    throw ApiError.invalidField(present(params.page) ? 'page' : 'per_page', 'is not supported here: use limit and starting_after.');
  }

  const where: Record<string, unknown> = { ...merchantVisible(ctx) };
  if (params.category_id) where.categoryId = params.category_id;
  if (params.published !== undefined) where.published = params.published;
  if (params.track_inventory !== undefined) where.trackInventory = params.track_inventory;
  if (params.stock_status) where.inStock = params.stock_status === 'in_stock';
  if (params.updated_after) where.updatedAt = { gt: params.updated_after };

  const sortBy = params.sort_by ?? 'created_at';
  const sortOrder = params.sort_order ?? 'desc';
  const sort: KeysetSort<Product> = params.updated_after ? changeFeedSort : merchantSort(sortBy, sortOrder);
  const query: KeysetQuery<Product> = {
    binding: {
      list: MERCHANT_LIST,
      storeId: ctx.store.id,
      filters: {
        category_id: params.category_id,
        published: params.published,
        track_inventory: params.track_inventory,
        stock_status: params.stock_status,
        updated_after: params.updated_after?.toISOString(),
        sort: params.updated_after ? 'change_feed' : `${sortBy}:${sortOrder}`,
      },
    },
    sort,
    where,
    fetch: (args) => ctx.db.product.findMany(args as Parameters<typeof ctx.db.product.findMany>[0]),
  };
  return keysetPage(ctx, query, { size: params.limit ?? 20, after: params.starting_after, before: walk.before, fromEnd: walk.fromEnd });
}
