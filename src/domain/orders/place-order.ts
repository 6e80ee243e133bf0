import { Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import { assertRequirementsMet } from '../apps/requirements/checkout-requirements.js';
import { cartOwnerOf, type CartOwner } from '../carts/cart-owner.js';
import { findOpenCart, findOwnCart, type CartWithItems } from '../carts/open-cart.js';
import { revalidateCart } from '../carts/validate-cart.js';
import type { Ctx } from '../context.js';
import { customerContactOf } from '../customers/addresses/saved-addresses.js';
import { crossesUsageLimit } from '../discounts/liveness.js';
import { openingState } from '../store/opening-hours.js';
import { withTransaction, type TransactionCtx } from '../transaction.js';
import { applyCoupon } from './apply-coupon.js';
import type { CheckoutInput } from './checkout-fields.js';
import { deliveryTermsOf, parcelWeightOf } from './delivery-terms.js';
import { orderDocument, type OrderContact } from './order-document.js';
import { orderInclude, type OrderRecord } from './order-record.js';
import { recordOrder, type PricedLine } from './place-order-statement.js';
import { settleSales, takeStock } from './reserve-stock.js';

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

/**
 * Turns a cart into an order: every caller (REST, GraphQL, the hosted checkout page) comes here.
 * Before any write, the cart is validated again (a changed price or a line no longer for sale
 * refuses the checkout with `cart_changed`, and the cart then shows what changed). Then, in one
 * transaction: the cart is closed (its row lock makes a second checkout of it wait and then
 * answer the first one's order), the coupon is redeemed under its limits, the stock is taken with
 * conditional updates, the automatic discounts' uses are counted, then the order number is taken
 * and the order written with its lines, timeline and ledger entries in one statement, which also
 * reads the sold products' variants and images (place-order-statement.ts); last, the products'
 * derived columns where the sale moved them, and the `orders/create` event. Any refusal rolls all of it back.
 * test/domain/orders/checkout-statements.test.ts lists what it costs, statement by statement.
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
    const stock = await takeStock(tx, cart.items);
    await countDiscountUses(tx, lines);
    const customer =
      customerId !== null
        ? await tx.db.customer.update({ where: { id: customerId }, data: { ordersCount: { increment: 1 } }, include: { account: true } })
        : null;
    // The order number's lock is the one every checkout of the store queues on: taken by this statement, so it is held for
    // the events' statement and the commit (and a sale that moves a product's derived columns), and only by checkouts that will succeed.
    const { order, sold } = await recordOrder(tx, { cart, input, lines, coupon, delivery, contact, stock, customer });
    await settleSales(tx, stock, sold);
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
