import { ApiError } from '../../platform/errors/api-error.js';
import { merchantVisible } from '../catalog/visibility.js';
import type { Ctx } from '../context.js';
import { decodeCursor, encodeCursor, type CursorBinding } from '../pagination/cursor.js';
import type { KeysetPage } from '../pagination/keyset-page.js';
import { parseRecordId } from '../record-id.js';
import { levelOf, levelProductFields, levelVariantFields, type StockLevel } from './stock-levels.js';

export const LEVELS_LIST = 'merchant.inventory.levels';

export interface LevelFilter {
  /** A product's integer id or uuid. */
  product?: string;
  /** A variant's integer id or uuid. */
  variant?: string;
  /** The item's own SKU, exactly. */
  sku?: string;
}

export interface LevelListInput {
  window: { size: number; after?: string | null };
  filter: LevelFilter;
}

/** Where a level sits in the walk: its product's id, then 0 for the product itself or the variant's id. */
const positionOf = (level: StockLevel) => [level.product.pId, level.variant?.pId ?? 0];

function recordFilter(raw: string | undefined, field: string) {
  if (raw === undefined) return undefined;
  const ref = parseRecordId(raw);
  if (!ref) throw ApiError.invalidField(field, 'must be an integer id or a uuid');
  return ref;
}

function readPosition(ctx: Ctx, binding: CursorBinding, cursor: string): [number, number] {
  const key = decodeCursor(ctx.secret, binding, cursor, ctx.now.getTime(), 'after');
  if (key.length !== 2 || !key.every((v) => Number.isSafeInteger(v))) {
    throw new ApiError('starting_after_invalid', 'The cursor is not a cursor this API issued.', { fieldErrors: { after: ['is malformed'] } });
  }
  return key as [number, number];
}

/**
 * The store's stock items with their levels, by product id and then variant id (the product
 * itself first, when it is sold as itself). One statement reads the page's products with their
 * matching variants.
 */
export async function listLevels(ctx: Ctx, input: LevelListInput): Promise<KeysetPage<StockLevel>> {
  const { filter, window } = input;
  const productRef = recordFilter(filter.product, 'product');
  const variantRef = recordFilter(filter.variant, 'variant');
  const binding: CursorBinding = { list: LEVELS_LIST, storeId: ctx.store.id, filters: { product: filter.product, variant: filter.variant, sku: filter.sku } };
  const [afterProduct, afterVariant] = window.after ? readPosition(ctx, binding, window.after) : [0, 0];

  const variantWhere: Record<string, unknown> = { ...(variantRef ?? {}), ...(filter.sku !== undefined ? { sku: filter.sku } : {}) };
  // The product itself is an item only while no variant is active, and never when a variant is asked for.
  const selfItem = { variants: { none: { isActive: true } }, ...(filter.sku !== undefined ? { sku: filter.sku } : {}) };
  const itemFilter = variantRef
    ? { variants: { some: variantWhere } }
    : filter.sku !== undefined
      ? { OR: [selfItem, { variants: { some: variantWhere } }] }
      : {};
  const productWhere = { ...merchantVisible(ctx), AND: [productRef ?? {}, itemFilter, { pId: { gte: afterProduct } }] };
  const products = await ctx.db.product.findMany({
    where: productWhere,
    orderBy: { pId: 'asc' },
    // The cursor's own product may have no item left after it; every other product has one at least.
    take: window.size + 2,
    select: {
      ...levelProductFields,
      _count: { select: { variants: { where: { isActive: true } } } },
      variants: {
        where: { ...variantWhere, OR: [{ product: { pId: { gt: afterProduct } } }, { pId: { gt: afterVariant } }] },
        orderBy: { pId: 'asc' },
        take: window.size + 1,
        select: levelVariantFields,
      },
    },
  });

  const levels: StockLevel[] = [];
  for (const product of products) {
    const sellsAsItself = product._count.variants === 0 && !variantRef && (filter.sku === undefined || product.sku === filter.sku);
    if (sellsAsItself && product.pId > afterProduct) levels.push(levelOf(product, null));
    for (const variant of product.variants) levels.push(levelOf(product, variant));
    if (levels.length > window.size) break;
  }
  const rows = levels.slice(0, window.size);
  const cursorOf = (level: StockLevel) => encodeCursor(ctx.secret, binding, positionOf(level), ctx.now.getTime());
  const hasNextPage = levels.length > window.size;
  return { rows, hasNextPage, hasPreviousPage: Boolean(window.after), cursorOf, nextCursor: hasNextPage ? cursorOf(rows[rows.length - 1]!) : null };
}
