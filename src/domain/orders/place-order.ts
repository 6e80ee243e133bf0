import { Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import { assertRequirementsMet } from '../apps/requirements/checkout-requirements.js';
import { cartOwnerOf, openKeyOf, type CartOwner } from '../carts/cart-owner.js';
import type { CartView } from '../carts/cart-view.js';
import { findOpenCart, findOwnCart, type CartWithItems } from '../carts/open-cart.js';
import { revalidateCart } from '../carts/validate-cart.js';
import type { Ctx } from '../context.js';
import { customerContactOf } from '../customers/addresses/saved-addresses.js';
import { crossesUsageLimit } from '../discounts/liveness.js';
import { openingState } from '../store/opening-hours.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { applyCoupon, type AppliedCoupon } from './apply-coupon.js';
import type { CheckoutInput } from './checkout-fields.js';
import { deliveryTermsOf, parcelWeightOf, type DeliveryTerms } from './delivery-terms.js';
import { orderDocument, type OrderContact } from './order-document.js';
import { nextOrderNumber } from './order-numbers.js';
import { byPosition, byTimelineOrder, orderInclude, type OrderRecord } from './order-record.js';
import { initialStatus } from './order-process.js';
import { recordSales, reserveStock } from './reserve-stock.js';
import { openingTimeline } from './move-order.js';

type Decimal = Prisma.Decimal;
const zero = () => new Prisma.Decimal(0);

export interface PlacedOrder {
  order: OrderRecord;
  /** False when the cart had already become this order: the same checkout sent again. */
  created: boolean;
}

/**
 * The storefront's checkout (REST and GraphQL): the caller's cart by the cart owner rule, as its
 * id names it or the open one. A cart that already became an order answers that order again, also
 * when it became one while this request was on its way (a concurrent checkout of the same cart).
 */
export async function checkout(ctx: Ctx, input: CheckoutInput): Promise<PlacedOrder> {
  const owner = cartOwnerOf(ctx, input.sessionToken);
  if (input.cartId === undefined) {
    const cart = await findOpenCart(ctx, owner);
    if (!cart) throw new ApiError('cart_empty', 'There is no open cart to check out: add items first.');
    return placeOrder(ctx, cart, input);
  }
  const cart = uuidPattern.test(input.cartId) ? await findOwnCart(ctx, owner, input.cartId) : null;
  if (cart) return placeOrder(ctx, cart, input);
  const placed = uuidPattern.test(input.cartId) ? await orderOfCheckedOutCart(ctx, input.cartId, owner) : null;
  if (placed) return { order: placed, created: false };
  throw ApiError.notFound('Cart');
}

/** The order a cart of this owner became, if it did. */
async function orderOfCheckedOutCart(ctx: Ctx, cartId: string, owner: CartOwner): Promise<OrderRecord | null> {
  const ownerWhere = owner.kind === 'customer' ? { customerId: owner.customerId } : { sessionHash: owner.sessionHash };
  const cart = await ctx.db.cart.findFirst({ where: { id: cartId.toLowerCase(), status: 'converted', ...ownerWhere }, select: { id: true } });
  return cart ? ctx.db.order.findUnique({ where: { cartId: cart.id }, include: orderInclude }) : null;
}

/**
 * The answer for a cart found open that is no longer as it was found: the order it became (the
 * same checkout, placed meanwhile by a concurrent request of the same owner), `cart_changed` when
 * it is still open (a line changed), not found when it was closed otherwise (merged, expired).
 */
async function answerForChangedCart(ctx: Ctx, cartId: string): Promise<PlacedOrder> {
  const earlier = await ctx.db.order.findUnique({ where: { cartId }, include: orderInclude });
  if (earlier) return { order: earlier, created: false };
  if (await ctx.db.cart.count({ where: { id: cartId, status: 'open' } })) throw cartChanged();
  throw ApiError.notFound('Cart');
}

interface PricedLine {
  view: CartView['lines'][number];
  base: Decimal;
  unit: Decimal;
  lineTotal: Decimal;
}

/**
 * Turns a cart into an order: every caller (REST, GraphQL, the hosted checkout page) comes here.
 * Before any write, the cart is validated again (a changed price or a line no longer for sale
 * refuses the checkout with `cart_changed`, and the cart then shows what changed). Then, in one
 * transaction: the cart is closed (its row lock makes a second checkout of it wait and then
 * answer the first one's order), the coupon is redeemed under its limits, the stock is taken with
 * conditional updates, and the order is written with its lines, timeline and `orders/create` event.
 * Any refusal rolls all of it back.
 */
export async function placeOrder(ctx: Ctx, cart: CartWithItems, input: CheckoutInput): Promise<PlacedOrder> {
  if (ctx.store.disableOrder || ctx.store.temporaryUnavailable) {
    throw new ApiError('store_not_accepting_orders', `${ctx.store.name} is not taking orders right now.`);
  }
  const opening = openingState(ctx.store, ctx.now);
  // Outside its hours a store takes orders only as preorders, to prepare when it opens.
  if (!opening.isOpen && !ctx.store.preorderEnabled) {
    throw new ApiError('store_closed', `${ctx.store.name} is closed now and takes no orders before it opens (${opening.message}).`);
  }
  if (input.paymentMethod === 'online' && !ctx.payments) {
    throw new ApiError('payment_method_unavailable', `${ctx.store.name} takes no online payment here: choose cash.`, {
      fieldErrors: { paymentMethod: ['online payment is not available: choose cash'] },
    });
  }
  if (!cart.items.length) throw new ApiError('cart_empty', 'The cart is empty: add items before checking out.');
  const view = await revalidateCart(ctx, cart, { atCheckout: true });
  if (view.cart.status !== 'open') return answerForChangedCart(ctx, cart.id);
  // A line edit since the cart was found, or a validation that repriced a line, moved updatedAt: the lines checked are not the cart's.
  if (!view.cart.isValid || view.cart.updatedAt.getTime() !== cart.updatedAt.getTime()) throw cartChanged();
  const lines: PricedLine[] = view.lines.map((line) => ({
    view: line,
    base: line.price,
    unit: line.discountPrice,
    lineTotal: line.discountPrice.mul(line.item.quantity),
  }));
  const itemsTotal = lines.reduce((sum, l) => sum.add(l.lineTotal), zero());
  if (itemsTotal.lt(ctx.store.minOrderPrice)) {
    throw new ApiError(
      'minimum_order_not_met',
      `${ctx.store.name} takes orders from ${ctx.store.minOrderPrice.toFixed(2)} ${ctx.store.currency}; this cart comes to ${itemsTotal.toFixed(2)}.`,
    );
  }
  await assertRequirementsMet(
    ctx,
    cart.items.map((item) => ({ productId: item.productId, title: item.product.title })),
  );
  const customerId = cart.customerId;
  const contact = customerId !== null ? await customerContactOf(ctx, customerId) : guestContact(input);
  const delivery = await deliveryTermsOf(ctx, input, parcelWeightOf(view.cart.items), { name: contact.name, phone: contact.phone });

  return withTransaction(ctx, async (tx) => {
    // Closed only as found and validated: a line edit since moved updatedAt, and the order would not be what the cart
    // holds. A concurrent checkout of the same cart holds the row's lock until it commits; this update waits for it,
    // then finds the cart converted and answers its order.
    const closed = await tx.db.cart.updateMany({
      where: { id: cart.id, status: 'open', updatedAt: cart.updatedAt },
      data: { status: 'converted', openKey: null, updatedAt: tx.now },
    });
    if (closed.count === 0) return answerForChangedCart(tx, cart.id);
    const coupon = input.couponCode
      ? await applyCoupon(
          tx,
          input.couponCode,
          lines.map((l) => ({ productId: l.view.item.productId, categoryId: l.view.item.product.categoryId, lineTotal: l.lineTotal })),
          customerId,
        )
      : null;
    const taken = await reserveStock(tx, cart.items);
    // Numbering locks the store row until commit: taken last, so only checkouts that will succeed queue on it.
    const number = await nextOrderNumber(tx);
    await recordSales(tx, taken, number);
    const order = await writeOrder(tx, { cart, input, lines, coupon, delivery, contact, number });
    tx.outbox.append({ topic: 'orders/create', payload: orderDocument(order) });
    return { order, created: true };
  });
}

function cartChanged(): ApiError {
  return new ApiError('cart_changed', 'The cart changed since the shopper saw it (its lines, a price or availability): show the cart again, then check out.');
}

function guestContact(input: CheckoutInput): OrderContact {
  const contact = input.contact;
  if (!contact) throw ApiError.invalidField('contact', 'is required for a guest checkout: send contact.name and contact.email or contact.phone, or sign in');
  if (!contact.email && !contact.phone) throw ApiError.invalidField('contact', 'needs an email or a phone number so the store can reach the shopper');
  return { name: contact.name, email: contact.email ?? null, phone: contact.phone ?? null };
}

interface OrderDraft {
  cart: CartWithItems;
  input: CheckoutInput;
  lines: PricedLine[];
  coupon: AppliedCoupon | null;
  delivery: DeliveryTerms;
  contact: OrderContact;
  number: number;
}

/**
 * One use of each automatic discount the order took. The increment locks the discount's row before
 * its cap is read, so concurrent checkouts cannot overrun `max_usage_total`: the one past it rolls
 * back with `cart_changed` (the discount no longer lowers prices, as the cart will now show). A use
 * is no catalogue write, but the one that reaches the cap ends the discount for shoppers.
 */
async function countDiscountUses(tx: TransactionCtx, lines: PricedLine[]): Promise<void> {
  const ids = [...new Set(lines.map((l) => l.view.discount?.id).filter((id): id is string => id !== undefined))].sort();
  for (const id of ids) {
    const discount = await tx.db.discount.update({ where: { id }, data: { usageCount: { increment: 1 } }, select: { usageCount: true, maxUsageTotal: true } });
    if (discount.maxUsageTotal !== null && discount.usageCount > discount.maxUsageTotal) throw cartChanged();
    if (crossesUsageLimit(discount, 1)) await tx.db.$noteCatalogWrite();
  }
}

async function writeOrder(tx: TransactionCtx, draft: OrderDraft): Promise<OrderRecord> {
  const { cart, input, lines, coupon, delivery, contact, number } = draft;
  const subtotal = lines.reduce((sum, l) => sum.add(l.base.mul(l.view.item.quantity)), zero());
  const automatic = lines.reduce((sum, l) => sum.add(l.base.sub(l.unit).mul(l.view.item.quantity)), zero());
  const discountTotal = automatic.add(coupon?.amount ?? 0);
  const total = subtotal.sub(discountTotal).add(delivery.fee);
  const status = initialStatus(input);
  const order = await tx.db.order.create({
    data: {
      storeId: tx.db.$storeId,
      number,
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
      total,
      couponId: coupon?.coupon.id ?? null,
      couponCode: coupon?.coupon.code ?? null,
      contact: cart.customerId === null ? { ...contact } : Prisma.DbNull,
      shippingAddress: delivery.address ? { ...delivery.address } : Prisma.DbNull,
      zoneName: delivery.zoneName,
      minDays: delivery.minDays,
      maxDays: delivery.maxDays,
      note: input.note ?? null,
      channel: cart.source,
      createdAt: tx.now,
    },
  });
  const items = await tx.db.orderItem.createManyAndReturn({
    data: lines.map(({ view: { item, discount }, base, unit, lineTotal }, position) => {
      const share = coupon?.shares[position] ?? zero();
      return {
        storeId: tx.db.$storeId,
        orderId: order.id,
        productId: item.productId,
        productPId: item.product.pId,
        variantId: item.variantId,
        title: item.product.title,
        variantTitle: item.variant?.title ?? null,
        variantOptionValues: (item.variant?.optionValues ?? {}) as Prisma.InputJsonObject,
        quantity: item.quantity,
        basePrice: base,
        unitPrice: unit,
        discountedAmount: base.sub(unit).mul(item.quantity).add(share),
        total: lineTotal.sub(share),
        discountId: discount?.id ?? null,
        weightKg: item.variant?.weight ?? null,
        properties: (item.properties ?? {}) as Prisma.InputJsonObject,
        position,
        createdAt: tx.now,
      };
    }),
  });
  const timeline = await tx.db.orderTimelineEntry.createManyAndReturn({
    data: openingTimeline(tx, status, {
      title: 'New order',
      description: `Order #${number} from ${contact.name ?? 'a guest'}: ${input.deliveryMethod}, paid by ${input.paymentMethod}.`,
    }).map((entry) => ({ ...entry, orderId: order.id })),
  });
  if (coupon) {
    await tx.db.couponRedemption.create({
      data: { storeId: tx.db.$storeId, couponId: coupon.coupon.id, orderId: order.id, customerId: cart.customerId, amount: coupon.amount },
    });
  }
  await countDiscountUses(tx, lines);
  const customer =
    cart.customerId !== null
      ? await tx.db.customer.update({ where: { id: cart.customerId }, data: { ordersCount: { increment: 1 } }, include: { account: true } })
      : null;
  // The record as `orderInclude` reads it, from the rows this transaction just wrote: reading them back would answer the same.
  return { ...order, items: items.sort(byPosition), timeline: timeline.sort(byTimelineOrder), customer };
}
