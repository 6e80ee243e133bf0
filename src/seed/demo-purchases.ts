import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import type { Customer, Product, Store } from '../generated/prisma/client.js';
import { checkLines } from '../domain/carts/cart-lines.js';
import { upsertCart } from '../domain/carts/cart-writes.js';
import { createContext, type Ctx } from '../domain/context.js';
import type { MediaServices } from '../domain/media/media-services.js';
import { moveOrderByMerchant } from '../domain/orders/merchant-move.js';
import { checkout } from '../domain/orders/place-order.js';
import type { OrderStatus } from '../domain/orders/order-states.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';
import { MemoryKv } from '../platform/kv/memory-kv.js';

/** A collected pickup order, paid in cash at the counter: the table's walk from where checkout leaves it. */
const collected: OrderStatus[] = ['processing', 'ready', 'completed'];

/**
 * The seed acting as one party of the demo store, through the same domain functions a request
 * reaches: a demo customer at the storefront, or the merchant. Orders are pickup and cash, so
 * no payment provider, pay link or delivery address takes part.
 */
export function demoCtx(operator: OperatorCtx, store: Store, media: MediaServices, now: Date, customer?: Customer): Ctx {
  return createContext({
    db: operator.db,
    kv: new MemoryKv(),
    media,
    store,
    principal: { keyId: 'demo-seed', kind: customer ? 'public' : 'private', mode: 'live', scopes: new Set(), installation: null },
    customer: customer && { customerId: customer.id, customerUid: customer.uid, accountId: customer.accountId, sessionId: 'demo-seed', familyId: 'demo-seed' },
    requestId: 'demo-seed',
    log: pino({ level: 'silent' }),
    secret: randomBytes(32).toString('hex'),
    settings: { cartTtlDays: 30, publicUrl: new URL(media.baseUrl).origin, outboundAllow: [] },
    payments: null,
    now,
  });
}

/**
 * The products the demo's reviews are about: the first shopper-visible ones, by id, that can be
 * sold one unit of now (a product sold by variant, through its first variant that can), since its
 * reviewers buy it first.
 */
export async function purchasableProducts(ctx: Ctx, count: number): Promise<{ product: Product; variantId: string | null }[]> {
  const candidates = await ctx.db.product.findMany({
    where: { published: true, status: 'active', deletedAt: null },
    orderBy: { pId: 'asc' },
    take: count * 4,
    include: { variants: { where: { isActive: true }, orderBy: { position: 'asc' } } },
  });
  const picked: { product: Product; variantId: string | null }[] = [];
  for (const product of candidates) {
    const choices = product.variants.length ? product.variants.map((v) => v.id) : [null];
    for (const variantId of choices) {
      const [check] = await checkLines(ctx, [{ itemId: product.id, variantId, quantity: 1 }]);
      if (check?.ok) {
        picked.push({ product, variantId });
        break;
      }
    }
    if (picked.length === count) break;
  }
  return picked;
}

/**
 * A demo customer's collected order of one unit of each line, placed at the storefront's checkout
 * at `placedAt` and walked by the merchant through the order process to `completed` an hour later:
 * the customer has received the products, so their reviews are verified purchases.
 */
export async function placeCollectedOrder(
  operator: OperatorCtx,
  store: Store,
  media: MediaServices,
  customer: Customer,
  lines: { product: Product; variantId: string | null }[],
  placedAt: Date,
): Promise<void> {
  const shopper = demoCtx(operator, store, media, placedAt, customer);
  await upsertCart(shopper, {
    vendorId: store.id,
    cartItems: lines.map(({ product, variantId }) => ({ itemId: product.id, variantId, quantity: 1 })),
  });
  const { order } = await checkout(shopper, { deliveryMethod: 'pickup', paymentMethod: 'cash' });
  const collectedAt = new Date(placedAt.getTime() + 3_600_000);
  for (const status of collected) await moveOrderByMerchant(demoCtx(operator, store, media, collectedAt), order.uid, { status });
}
