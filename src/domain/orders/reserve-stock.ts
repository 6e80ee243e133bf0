import type { Product, ProductImage, Variant } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { unseenChangeOf } from '../inventory/adjust-inventory.js';
import { countsStock, mayGoBelowZero } from '../inventory/stock-policy.js';
import { derivedProductColumns } from '../pricing/derived-columns.js';
import { markShopperPriceStale } from '../pricing/shopper-price-column.js';
import type { TransactionCtx } from '../transaction.js';
import { appendProductEvent, readUnguardedParts } from '../catalog/product-events.js';
import { relationOrder } from '../loaders.js';

export interface StockLine {
  product: Product;
  variant: Variant | null;
  quantity: number;
}

/** Units taken off one stock level, for the ledger entry the order's number will name. */
export interface TakenUnits {
  key: { productId: string; variantId: string | null };
  quantity: number;
  after: number;
}

/** The order's lines by stock item (a variant, or a product sold as itself), their units summed, in the global lock order. */
function stockItemsOf(lines: StockLine[]): StockLine[] {
  const items = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.product.id} ${line.variant?.id ?? ''}`;
    const item = items.get(key);
    if (item) item.quantity += line.quantity;
    else items.set(key, { ...line });
  }
  return [...items.values()].sort((a, b) => a.product.pId - b.product.pId || (a.variant?.pId ?? 0) - (b.variant?.pId ?? 0));
}

function unitsOf(lines: StockLine[], productId: string, which: (line: StockLine) => boolean = () => true): number {
  return lines.filter((l) => l.product.id === productId && which(l)).reduce((n, l) => n + l.quantity, 0);
}

function outOfStock(item: StockLine): ApiError {
  const what = item.variant ? `${item.product.title} (${item.variant.title})` : item.product.title;
  return new ApiError('out_of_stock', `Not enough of ${what} is left to sell ${item.quantity}; validate the cart to see what is available.`);
}

/** What a sale's stock statements leave: the units taken by stock item, and each sold product's row, locked. */
export interface TakenStock {
  taken: TakenUnits[];
  sold: Map<string, Product>;
}

/** A sold product's variants and images (in the loaders' orders), read while its row is locked. */
export interface SoldRelations {
  variants: Variant[];
  images: ProductImage[];
}

/**
 * Takes the sold units (`takeStock`), reads the sold products' variants and images under their
 * locks, and settles the products (`settleSales`): for an import. Checkout reads those relations in
 * its order's statement instead (place-order-statement.ts), a round trip fewer under the locks.
 */
export async function reserveStock(tx: TransactionCtx, lines: StockLine[]): Promise<TakenUnits[]> {
  const stock = await takeStock(tx, lines);
  await settleSales(tx, stock, await readSoldRelations(tx, [...stock.sold.keys()]));
  return stock.taken;
}

/**
 * Takes the sold units off each stock item's level with a conditional update (`stock >= quantity`)
 * that answers the level it leaves, so two checkouts racing for the last units cannot both win: the
 * database decides, one row lock at a time, and the loser's whole transaction rolls back with
 * `out_of_stock`. Rows are taken in one global order (product, then variant, by integer id), the
 * order inventory adjustments use too, so concurrent checkouts never wait on each other in a
 * cycle; a product sold as itself counts its sale in the same statement. Then each product sold
 * through variants is locked (in product order) and counts its sale. What the products' events show
 * that no product lock guards (their categories) is read before the first lock, so that those locks,
 * which every checkout of a product queues on, wait for as few statements as they can. The ledger
 * entries wait for the order number.
 */
export async function takeStock(tx: TransactionCtx, lines: StockLine[]): Promise<TakenStock> {
  const items = stockItemsOf(lines);
  await readUnguardedParts(
    tx,
    items.map((item) => item.product),
  );
  const taken: TakenUnits[] = [];
  const sold = new Map<string, Product>();
  for (const item of items) {
    if (item.variant) {
      if (countsStock(item.variant)) taken.push(await takeVariantUnits(tx, item, item.variant));
      continue;
    }
    const counted = countsStock(item.product);
    const [row] = await tx.db.product.updateManyAndReturn({
      where: { id: item.product.id, ...(counted ? { stock: { gte: item.quantity } } : {}) },
      data: { salesCount: { increment: unitsOf(lines, item.product.id) }, ...(counted ? { stock: { decrement: item.quantity } } : {}) },
    });
    if (!row) throw outOfStock(item);
    sold.set(row.id, row);
    if (counted) taken.push({ key: { productId: row.id, variantId: null }, quantity: item.quantity, after: row.stock });
  }
  for (const productId of new Set(items.map((item) => item.product.id))) {
    if (sold.has(productId)) continue;
    // The product's stock column holds its counted variants' sum: moved here too, so a sale that changes no flag or price rewrites nothing below.
    const counted = unitsOf(lines, productId, (l) => l.variant !== null && countsStock(l.variant));
    sold.set(
      productId,
      await tx.db.product.update({
        where: { id: productId },
        data: { salesCount: { increment: unitsOf(lines, productId) }, stock: { decrement: counted } },
      }),
    );
  }
  return { taken, sold };
}

/**
 * The sold products' variants and images, in one joined statement. Only once every sold product's
 * row is locked: a variant or image write locks its product first, so none lands between this read
 * and commit.
 */
async function readSoldRelations(tx: TransactionCtx, productIds: string[]): Promise<Map<string, SoldRelations>> {
  const rows = await tx.db.product.findMany({
    where: { id: { in: productIds } },
    select: { id: true, variants: { orderBy: relationOrder.variants }, images: { orderBy: relationOrder.images } },
    relationLoadStrategy: 'join',
  });
  return new Map(rows.map(({ id, variants, images }) => [id, { variants, images }]));
}

/**
 * Writes each sold product's derived columns and shopper price only where the sale changed them,
 * from its variants as read under its lock, and appends its products/update event, which takes
 * these rows as this leaves them: the caller writes the products and variants no further before commit.
 */
export async function settleSales(tx: TransactionCtx, { sold }: TakenStock, relations: Map<string, SoldRelations>): Promise<void> {
  // In the lock order, as the stock was taken.
  for (const row of [...sold.values()].sort((a, b) => a.pId - b.pId)) {
    const productId = row.id;
    const { variants: own, images } = relations.get(productId)!;
    const derived = derivedProductColumns(row, own);
    // Only the columns the sale changed: a level alone is a stock write of the product, a crossing or a new price one of the store (catalog-models.ts).
    const changed = {
      ...(derived.priceMin.eq(row.priceMin) ? {} : { priceMin: derived.priceMin }),
      ...(derived.priceMax.eq(row.priceMax) ? {} : { priceMax: derived.priceMax }),
      ...(derived.inStock === row.inStock ? {} : { inStock: derived.inStock }),
      ...(derived.stock === row.stock ? {} : { stock: derived.stock }),
    };
    const product = Object.keys(changed).length ? await tx.db.product.update({ where: { id: productId }, data: changed }) : row;
    // A shopper price follows priceMin alone; a sale that leaves it keeps the price the row holds (or the one the next settling read creates).
    if (!derived.priceMin.eq(row.priceMin)) await markShopperPriceStale(tx, productId, derived.priceMin);
    appendProductEvent(tx, 'products/update', productId, { product, variants: own, images });
  }
}

async function takeVariantUnits(tx: TransactionCtx, item: StockLine, variant: Variant): Promise<TakenUnits> {
  const guard = mayGoBelowZero(variant) ? {} : { stock: { gte: item.quantity } };
  const [row] = await tx.db.variant.updateManyAndReturn({
    // The product in the where makes this a stock write of that product for the catalogue cache (catalog-models.ts).
    where: { id: variant.id, productId: item.product.id, isActive: true, ...guard },
    data: { stock: { decrement: item.quantity } },
    select: { stock: true },
  });
  if (!row) throw outOfStock(item);
  return { key: { productId: item.product.id, variantId: variant.id }, quantity: item.quantity, after: row.stock };
}

/**
 * Writes each move to the inventory ledger as `sold`, with the order's number as its reference,
 * after the entry of any change the ledger had not seen (`unseenChangeOf`): for an import; checkout
 * writes the same entries in its one statement (place-order-statement.ts).
 */
export async function recordSales(tx: TransactionCtx, taken: TakenUnits[], orderNumber: number): Promise<void> {
  const entries = [];
  for (const { key, quantity, after } of taken) {
    const unseen = await unseenChangeOf(tx.db, key, after + quantity);
    if (unseen) entries.push(unseen);
    entries.push({ storeId: tx.db.$storeId, ...key, delta: -quantity, quantityAfter: after, reason: 'sold', reference: `#${orderNumber}` });
  }
  if (entries.length) await tx.db.inventoryAdjustment.createMany({ data: entries });
}
