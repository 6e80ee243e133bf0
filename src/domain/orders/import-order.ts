import { Prisma, type Product, type Variant } from '../../generated/prisma/client.js';
import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import type { Ctx } from '../context.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import type { ImportInput } from './import-fields.js';
import { orderDocument } from './order-document.js';
import { nextOrderNumber } from './order-numbers.js';
import { initialStatus } from './order-process.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { recordSales, reserveStock, type StockLine } from './reserve-stock.js';
import { openingTimeline } from './move-order.js';

export interface ImportedOrder {
  order: OrderRecord;
  /** False when the channel had sent this order before: the same order answers again. */
  created: boolean;
}

interface ResolvedItem extends StockLine {
  title: string;
  unitPrice: Prisma.Decimal;
}

/** Thrown inside the import's transaction when the order turned out to be there already: rolls back the number and the stock it took. */
class AlreadyImported extends Error {
  constructor(readonly orderId: number) {
    super('already imported');
  }
}

/**
 * `POST /orders/import` (GraphQL `orderImport`): records an order another sales channel already
 * took, with its totals as charged and no commission. Its identity is the channel's name and its
 * own order reference (a unique index): a re-sent webhook answers the order made the first time.
 * Imports take the store's order number like checkout; the lock of the store's order counter
 * serialises them, and the identity is looked up again under that lock, so of many concurrent
 * re-sends one writes the order and the rest roll back and answer it.
 */
export async function importOrder(ctx: Ctx, input: ImportInput): Promise<ImportedOrder> {
  const identity = { customChannel: input.channel.name, externalRef: input.channel.order_id };
  const earlier = await ctx.db.order.findFirst({ where: identity, include: orderInclude });
  if (earlier) return { order: earlier, created: false };
  if (input.currency && input.currency !== ctx.store.currency) {
    throw ApiError.invalidField('currency', `must be ${ctx.store.currency}, the store's currency`);
  }
  const items = await resolveItems(ctx, input);
  const totals = checkTotals(input, items);
  if ((input.deliveryMethod === 'delivery' || input.deliveryMethod === 'shipping') && !input.shippingAddress) {
    throw ApiError.invalidField('shipping_address', `is required for a ${input.deliveryMethod} order`);
  }
  try {
    return await withTransaction(ctx, async (tx) => {
      const decrement = input.inventoryBehaviour === 'decrement';
      const taken = decrement ? await reserveStock(tx, items) : [];
      const number = await nextOrderNumber(tx);
      const again = await tx.db.order.findFirst({ where: identity, select: { id: true } });
      if (again) throw new AlreadyImported(again.id);
      if (decrement) await recordSales(tx, taken, number);
      else await countSales(tx, items);
      const order = await writeImport(tx, input, items, totals, number);
      tx.outbox.append({ topic: 'orders/create', payload: orderDocument(order) });
      return { order, created: true };
    });
  } catch (error) {
    if (!(error instanceof AlreadyImported)) throw error;
    return { order: await ctx.db.order.findUniqueOrThrow({ where: { id: error.orderId }, include: orderInclude }), created: false };
  }
}

/** Rule 4: each item's product of this store (p_id, uuid or slug) and its variant (p_id or uuid of that product); every failure named. */
async function resolveItems(ctx: Ctx, input: ImportInput): Promise<ResolvedItem[]> {
  const problems: FieldErrors = {};
  const items: ResolvedItem[] = [];
  for (const [index, item] of input.items.entries()) {
    const product = await findProduct(ctx, item.product);
    if (!product) {
      problems[`items.${index}.product`] = [`${item.product} is no product of this store`];
      continue;
    }
    const variants = await ctx.db.variant.findMany({ where: { productId: product.id, isActive: true } });
    let variant: Variant | null = null;
    if (item.variant !== undefined) {
      const ref = item.variant;
      variant = variants.find((v) => (uuidPattern.test(ref) ? v.id === ref.toLowerCase() : String(v.pId) === ref)) ?? null;
      if (!variant) {
        problems[`items.${index}.variant`] = [`${ref} is no variant of ${product.title}`];
        continue;
      }
    } else if (variants.length) {
      problems[`items.${index}.variant`] = [`is required: ${product.title} is sold by variant`];
      continue;
    }
    items.push({ product, variant, quantity: item.quantity, title: item.title ?? product.title, unitPrice: item.unit_price });
  }
  if (Object.keys(problems).length) throw ApiError.validation(problems);
  return items;
}

function findProduct(ctx: Ctx, ref: string): Promise<Product | null> {
  const key = uuidPattern.test(ref) ? { id: ref.toLowerCase() } : /^\d{1,9}$/.test(ref) ? { pId: Number(ref) } : { slug: ref };
  return ctx.db.product.findFirst({ where: { ...key, deletedAt: null } });
}

interface ImportTotals {
  subtotal: Prisma.Decimal;
  deliveryFee: Prisma.Decimal;
  discount: Prisma.Decimal;
  total: Prisma.Decimal;
}

/** Rule 2: the lines plus the delivery fee less the discount must be the total the channel charged. */
function checkTotals(input: ImportInput, items: ResolvedItem[]): ImportTotals {
  const subtotal = items.reduce((sum, item) => sum.add(item.unitPrice.mul(item.quantity)), new Prisma.Decimal(0));
  const deliveryFee = input.deliveryFee ?? new Prisma.Decimal(0);
  const discount = input.discount ?? new Prisma.Decimal(0);
  const expected = subtotal.add(deliveryFee).sub(discount);
  if (!expected.eq(input.total)) {
    throw ApiError.invalidField('total', `must be ${expected.toFixed(2)}: the items' unit_price × quantity, plus delivery_fee, minus discount`);
  }
  return { subtotal, deliveryFee, discount, total: input.total };
}

/** A bypassing import takes no stock, but the sale still counts towards the products' popularity, as a cancellation gives it back. */
async function countSales(tx: TransactionCtx, items: ResolvedItem[]): Promise<void> {
  for (const productId of [...new Set(items.map((item) => item.product.id))].sort()) {
    const units = items.filter((item) => item.product.id === productId).reduce((n, item) => n + item.quantity, 0);
    await tx.db.product.update({ where: { id: productId }, data: { salesCount: { increment: units } } });
  }
}

async function writeImport(tx: TransactionCtx, input: ImportInput, items: ResolvedItem[], totals: ImportTotals, number: number): Promise<OrderRecord> {
  const paid = (input.paymentStatus ?? 'paid') === 'paid';
  const terms = { paymentMethod: paid ? 'online' : 'cash', deliveryMethod: input.deliveryMethod };
  const status = initialStatus(terms, 'import');
  const placedAt = input.placedAt ?? tx.now;
  const recipient = { name: input.customer.name, email: null, phone: input.customer.phone };
  const address = input.shippingAddress;
  const order = await tx.db.order.create({
    data: {
      storeId: tx.db.$storeId,
      number,
      status,
      paymentStatus: paid ? 'paid' : 'pending',
      paymentMethod: terms.paymentMethod,
      deliveryMethod: input.deliveryMethod,
      currency: tx.store.currency,
      subtotal: totals.subtotal,
      discountTotal: totals.discount,
      shippingTotal: totals.deliveryFee,
      taxTotal: new Prisma.Decimal(0),
      total: totals.total,
      contact: recipient,
      shippingAddress: address
        ? {
            label: null,
            address: address.address,
            latitude: address.latitude,
            longitude: address.longitude,
            country_code: null,
            state: null,
            city: null,
            area: null,
            state_id: null,
            area_id: null,
            name: recipient.name,
            phone: recipient.phone,
          }
        : Prisma.DbNull,
      note: input.note ?? null,
      channel: 'import',
      customChannel: input.channel.name,
      externalRef: input.channel.order_id,
      paidAt: paid ? placedAt : null,
      createdAt: placedAt,
      updatedAt: tx.now,
      items: {
        create: items.map((item, position) => ({
          storeId: tx.db.$storeId,
          productId: item.product.id,
          productPId: item.product.pId,
          variantId: item.variant?.id ?? null,
          title: item.title,
          variantTitle: item.variant?.title ?? null,
          variantOptionValues: (item.variant?.optionValues ?? {}) as Prisma.InputJsonObject,
          quantity: item.quantity,
          basePrice: item.unitPrice,
          unitPrice: item.unitPrice,
          discountedAmount: new Prisma.Decimal(0),
          total: item.unitPrice.mul(item.quantity),
          weightKg: item.variant?.weight ?? null,
          position,
          createdAt: tx.now,
        })),
      },
      timeline: {
        create: openingTimeline(tx, status, {
          title: 'Imported order',
          description: `Order #${number} from ${input.channel.name} (${input.channel.order_id}) for ${recipient.name}: ${input.deliveryMethod}, ${paid ? 'paid' : 'unpaid'}.`,
        }),
      },
    },
  });
  return tx.db.order.findUniqueOrThrow({ where: { id: order.id }, include: orderInclude });
}
