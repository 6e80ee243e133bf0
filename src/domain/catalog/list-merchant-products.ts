import type { Product } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetQuery, type KeysetWindow } from '../pagination/keyset-page.js';
import type { KeysetSort } from '../pagination/keyset.js';
import type { SortedOrChangedSince } from '../pagination/list-order.js';
import { changeFeedSort, merchantSort, type MerchantSortField } from './product-sorts.js';
import { merchantVisible } from './visibility.js';

export const merchantListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;
export const MERCHANT_LIST = 'merchant.products';

export interface MerchantProductFilter {
  categoryId?: string;
  published?: boolean;
  trackInventory?: boolean;
  stockStatus?: 'in_stock' | 'out_of_stock';
}

export type MerchantProductOrder = SortedOrChangedSince<MerchantSortField>;

export interface MerchantProductListInput {
  window: KeysetWindow;
  order: MerchantProductOrder;
  filter: MerchantProductFilter;
}

/** The merchant's product list; the cursor is bound to the order (and the feed's time) and the filters. */
export async function listMerchantProducts(ctx: Ctx, input: MerchantProductListInput): Promise<KeysetPage<Product>> {
  const { filter, order } = input;
  const where: Record<string, unknown> = { ...merchantVisible(ctx) };
  if (filter.categoryId) where.categoryId = filter.categoryId;
  if (filter.published !== undefined) where.published = filter.published;
  if (filter.trackInventory !== undefined) where.trackInventory = filter.trackInventory;
  if (filter.stockStatus) where.inStock = filter.stockStatus === 'in_stock';
  if (order.kind === 'changedSince') where.updatedAt = { gt: order.updatedAfter };

  const sort: KeysetSort<Product> = order.kind === 'changedSince' ? changeFeedSort : merchantSort(order.by, order.direction);
  const query: KeysetQuery<Product> = {
    binding: {
      list: MERCHANT_LIST,
      storeId: ctx.store.id,
      filters: {
        category_id: filter.categoryId,
        published: filter.published,
        track_inventory: filter.trackInventory,
        stock_status: filter.stockStatus,
        updated_after: order.kind === 'changedSince' ? order.updatedAfter.toISOString() : undefined,
        sort: order.kind === 'changedSince' ? 'change_feed' : `${order.by}:${order.direction}`,
      },
    },
    sort,
    where,
    fetch: (args) => ctx.db.product.findMany(args as Parameters<typeof ctx.db.product.findMany>[0]),
  };
  return keysetPage(ctx, query, input.window);
}
