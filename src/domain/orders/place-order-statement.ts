import { randomUUID } from 'node:crypto';
import {
  Prisma,
  type CouponRedemption,
  type Customer,
  type CustomerAccount,
  type Order,
  type OrderItem,
  type OrderTimelineEntry,
} from '../../generated/prisma/client.js';
import { STORE, columnsOf, storeSql } from '../../platform/database/store-statements.js';
import type { CartWithItems } from '../carts/open-cart.js';
import type { CartView } from '../carts/cart-view.js';
import type { TransactionCtx } from '../transaction.js';
import type { AppliedCoupon } from './apply-coupon.js';
import type { CheckoutInput } from './checkout-fields.js';
import type { DeliveryTerms } from './delivery-terms.js';
import { openingTimeline } from './move-order.js';
import type { OrderContact } from './order-document.js';
import { takeOrderNumber } from './order-numbers.js';
import { initialStatus } from './order-process.js';
import { byPosition, byTimelineOrder, type OrderRecord } from './order-record.js';
import type { SoldRelations, TakenStock, TakenUnits } from './reserve-stock.js';
import { imagesJsonSql, revivedImages, revivedVariants, variantsJsonSql } from '../catalog/product-relations-sql.js';

type Decimal = Prisma.Decimal;
const zero = () => new Prisma.Decimal(0);

/** A cart line as checkout prices it: the catalogue price, the unit price after automatic discounts, and the line's total. */
export interface PricedLine {
  view: CartView['lines'][number];
  base: Decimal;
  unit: Decimal;
  lineTotal: Decimal;
}

/** Everything the order's rows are made of, once its stock is taken. */
export interface OrderDraft {
  cart: CartWithItems;
  input: CheckoutInput;
  lines: PricedLine[];
  coupon: AppliedCoupon | null;
  delivery: DeliveryTerms;
  contact: OrderContact;
  stock: TakenStock;
  customer: (Customer & { account: CustomerAccount }) | null;
}

/** The order's own columns as checkout writes them; the store and the number come from the statement, the others from their defaults. */
type OrderColumns = Pick<
  Order,
  | 'uid'
  | 'customerId'
  | 'cartId'
  | 'status'
  | 'paymentStatus'
  | 'paymentMethod'
  | 'deliveryMethod'
  | 'currency'
  | 'subtotal'
  | 'discountTotal'
  | 'shippingTotal'
  | 'taxTotal'
  | 'total'
  | 'couponId'
  | 'couponCode'
  | 'contact'
  | 'shippingAddress'
  | 'zoneName'
  | 'minDays'
  | 'maxDays'
  | 'note'
  | 'channel'
  | 'createdAt'
  | 'updatedAt'
>;
type ItemColumns = Omit<OrderItem, 'storeId' | 'orderId'>;
/** A step names the order's number in its description as `numbered` (the text before it and after it), which the statement joins. */
type StepColumns = Omit<OrderTimelineEntry, 'storeId' | 'orderId' | 'sequence' | 'description'> & { description: string | null; numbered?: [string, string] };
type RedemptionColumns = Omit<CouponRedemption, 'storeId' | 'orderId'>;

interface Placed extends Order {
  steps: { id: string; description: string; sequence: string }[];
  sold: { id: string; variants: Record<string, unknown>[]; images: Record<string, unknown>[] }[];
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Checkout's last statement before its events: it takes the order number and writes the order, its
 * lines, its timeline, its coupon redemption and the ledger's `sold` entries (each after the entry of
 * a change the ledger had not seen, as `unseenChangeOf` in adjust-inventory.ts writes it), all
 * naming that number. The number's lock (order-numbers.ts) is so held for this statement, the
 * events' and the commit: the least that still gives numbers in commit order without gaps. It also
 * answers the sold products' variants and images: the stock statements before it locked those
 * products, and every variant or image write locks its product first, so this statement (whose
 * snapshot is taken after those locks) sees every such write that commits before the sale, and
 * none can land after it; read here, they cost no round trip of their own while the products'
 * locks, which every checkout of those products queues on, are held.
 */
function placeOrderStatement(
  now: Date,
  order: OrderColumns,
  items: ItemColumns[],
  steps: StepColumns[],
  sales: TakenUnits[],
  redemption: RedemptionColumns | null,
  soldProducts: string[],
) {
  const orderColumns = columnsOf(order, 'storeId', 'number');
  const itemColumns = columnsOf(items[0]!, 'storeId', 'orderId');
  const stepColumns = columnsOf(steps[0]!, 'storeId', 'orderId');
  const redeemed = redemption
    ? storeSql`, redeemed AS (
        INSERT INTO "CouponRedemption" (${columnsOf(redemption, 'storeId', 'orderId')})
        SELECT ${columnsOf(redemption, 'storeId', 'orderId').of('r')} FROM placed,
          jsonb_populate_record(NULL::"CouponRedemption", ${json(redemption)}::jsonb || jsonb_build_object('storeId', ${STORE}, 'orderId', placed."id")) AS r
      )`
    : storeSql``;
  return storeSql<Placed>`
    WITH number AS (${takeOrderNumber}),
    placed AS (
      INSERT INTO "Order" (${orderColumns})
      SELECT ${orderColumns.of('r')} FROM number,
        jsonb_populate_record(NULL::"Order", ${json(order)}::jsonb || jsonb_build_object('storeId', ${STORE}, 'number', number."value")) AS r
      RETURNING *
    ),
    lines AS (
      INSERT INTO "OrderItem" (${itemColumns})
      SELECT ${itemColumns.of('r')} FROM placed, jsonb_array_elements(${json(items)}::jsonb) AS item(e),
        jsonb_populate_record(NULL::"OrderItem", item.e || jsonb_build_object('storeId', ${STORE}, 'orderId', placed."id")) AS r
    ),
    steps AS (
      INSERT INTO "OrderTimelineEntry" (${stepColumns})
      SELECT ${stepColumns.of('r')} FROM placed, number, jsonb_array_elements(${json(steps)}::jsonb) WITH ORDINALITY AS step(e, at),
        jsonb_populate_record(NULL::"OrderTimelineEntry", step.e || jsonb_build_object(
          'storeId', ${STORE}, 'orderId', placed."id",
          'description', coalesce(step.e->>'description', (step.e->'numbered'->>0) || number."value" || (step.e->'numbered'->>1))
        )) AS r
      ORDER BY step.at
      RETURNING "id", "description", "sequence"
    ),
    sales AS (
      SELECT s.*, s."after" + s."quantity" AS "before", last."quantityAfter" AS "recorded"
      FROM jsonb_to_recordset(${json(sales.map((sale, at) => ({ ...sale.key, quantity: sale.quantity, after: sale.after, at })))}::jsonb)
        AS s("productId" uuid, "variantId" uuid, "quantity" int, "after" int, "at" int)
      LEFT JOIN LATERAL (
        SELECT a."quantityAfter" FROM "InventoryAdjustment" a
        WHERE a."storeId" = ${STORE} AND a."productId" = s."productId" AND a."variantId" IS NOT DISTINCT FROM s."variantId"
        ORDER BY a."id" DESC LIMIT 1
      ) last ON true
    ),
    ledger AS (
      INSERT INTO "InventoryAdjustment" ("uid", "storeId", "productId", "variantId", "delta", "quantityAfter", "reason", "reference", "createdAt")
      SELECT gen_random_uuid(), ${STORE}, e."productId", e."variantId", e."delta", e."quantityAfter", e."reason", e."reference", ${now}::timestamptz
      FROM (
        SELECT "productId", "variantId", 2 * "at" AS "place", "before" - coalesce("recorded", 0) AS "delta", "before" AS "quantityAfter",
          CASE WHEN "recorded" IS NULL THEN 'initial' ELSE 'reconciliation' END AS "reason", NULL AS "reference"
        FROM sales WHERE "before" <> coalesce("recorded", 0)
        UNION ALL
        SELECT "productId", "variantId", 2 * "at" + 1, -"quantity", "after", 'sold', '#' || number."value" FROM sales, number
      ) e
      ORDER BY e."place"
    )${redeemed}
    SELECT placed.*, (SELECT jsonb_agg(jsonb_build_object('id', "id", 'description', "description", 'sequence', "sequence"::text)) FROM steps) AS "steps",
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'variants', ${variantsJsonSql}, 'images', ${imagesJsonSql})), '[]')
        FROM unnest(${soldProducts}::uuid[]) AS p(id)) AS "sold"
    FROM placed`;
}

/**
 * Writes the order of a checkout whose stock is taken (`stock`) in one statement, and answers the
 * record as `orderInclude` reads it, from the rows written (reading them back would answer the
 * same), with the sold products' variants and images as read under their locks.
 */
export async function recordOrder(tx: TransactionCtx, draft: OrderDraft): Promise<{ order: OrderRecord; sold: Map<string, SoldRelations> }> {
  const { cart, input, lines, coupon, delivery, contact, stock, customer } = draft;
  const subtotal = lines.reduce((sum, l) => sum.add(l.base.mul(l.view.item.quantity)), zero());
  const automatic = lines.reduce((sum, l) => sum.add(l.base.sub(l.unit).mul(l.view.item.quantity)), zero());
  const discountTotal = automatic.add(coupon?.amount ?? 0);
  const status = initialStatus(input);
  const order: OrderColumns = {
    uid: randomUUID(),
    customerId: cart.customerId,
    cartId: cart.id,
    status,
    paymentStatus: 'pending',
    paymentMethod: input.paymentMethod,
    deliveryMethod: input.deliveryMethod,
    currency: tx.store.currency,
    subtotal,
    discountTotal,
    shippingTotal: delivery.fee,
    taxTotal: zero(),
    total: subtotal.sub(discountTotal).add(delivery.fee),
    couponId: coupon?.coupon.id ?? null,
    couponCode: coupon?.coupon.code ?? null,
    contact: cart.customerId === null ? { ...contact } : null,
    shippingAddress: delivery.address ? { ...delivery.address } : null,
    zoneName: delivery.zoneName,
    minDays: delivery.minDays,
    maxDays: delivery.maxDays,
    note: input.note ?? null,
    channel: cart.source,
    createdAt: tx.now,
    updatedAt: tx.now,
  };
  const items: ItemColumns[] = lines.map(({ view: { item, discount }, base, unit, lineTotal }, position) => {
    const share = coupon?.shares[position] ?? zero();
    return {
      id: randomUUID(),
      productId: item.productId,
      productPId: item.product.pId,
      variantId: item.variantId,
      title: item.product.title,
      variantTitle: item.variant?.title ?? null,
      variantOptionValues: item.variant?.optionValues ?? {},
      imageUrl: null,
      quantity: item.quantity,
      basePrice: base,
      unitPrice: unit,
      discountedAmount: base.sub(unit).mul(item.quantity).add(share),
      total: lineTotal.sub(share),
      discountId: discount?.id ?? null,
      weightKg: item.variant?.weight ?? null,
      properties: item.properties ?? {},
      position,
      createdAt: tx.now,
    };
  });
  const after = ` from ${contact.name ?? 'a guest'}: ${input.deliveryMethod}, paid by ${input.paymentMethod}.`;
  const steps: StepColumns[] = openingTimeline(tx, status, { title: 'New order', description: '' }).map(
    ({ audience, status: at, title, description, createdAt }) => ({
      id: randomUUID(),
      audience,
      status: at,
      title,
      description: audience === 'vendor' ? null : description,
      ...(audience === 'vendor' ? { numbered: ['Order #', after] as [string, string] } : {}),
      createdAt,
    }),
  );
  const redemption = coupon && { id: randomUUID(), couponId: coupon.coupon.id, customerId: cart.customerId, amount: coupon.amount, createdAt: tx.now };
  const [placed] = await tx.db.$storeQuery(placeOrderStatement(tx.now, order, items, steps, stock.taken, redemption, [...stock.sold.keys()]));
  const { steps: written, sold, ...row } = placed!;
  const timeline = steps.map(({ numbered: _, ...step }) => {
    const { description, sequence } = written.find((w) => w.id === step.id)!;
    return { ...step, storeId: row.storeId, orderId: row.id, description, sequence: BigInt(sequence) };
  });
  const orderItems = items.map((item) => ({ ...item, storeId: row.storeId, orderId: row.id }));
  return {
    order: { ...row, items: orderItems.sort(byPosition), timeline: timeline.sort(byTimelineOrder), customer },
    sold: new Map(sold.map(({ id, variants, images }) => [id, { variants: revivedVariants(variants), images: revivedImages(images) }])),
  };
}
