import type { Cart, CartItem, Product, Variant } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { TransactionCtx } from '../transaction.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';
import { findOrInsert } from '../find-or-insert.js';
import { readCartWithProducts, type CartWithProducts } from './cart-rows.js';
import { openKeyOf, type CartOwner } from './cart-owner.js';

export type CartItemRow = CartItem & { product: Product; variant: Variant | null };
export type CartWithItems = Cart & { items: CartItemRow[] };

/**
 * The lines' variants, from the request's variants loader rather than a statement of the cart's
 * own: whatever follows a cart read (its prices, its validation, a checkout) reads the variants of
 * its products through that loader anyway.
 */
async function withVariants(ctx: Ctx, cart: CartWithProducts): Promise<CartWithItems> {
  const variants = await Promise.all(cart.items.map((item) => (item.variantId ? ctx.loaders.variantsByProduct.load(item.productId) : [])));
  return { ...cart, items: cart.items.map((item, i) => ({ ...item, variant: variants[i]!.find((v) => v.id === item.variantId) ?? null })) };
}

/** An anonymous cart lives `cartTtlDays` after its last change; a customer's cart does not expire. */
export function expiryOf(ctx: Ctx, owner: CartOwner): Date | null {
  return owner.kind === 'session' ? new Date(ctx.now.getTime() + ctx.settings.cartTtlDays * 86_400_000) : null;
}

/** Whether a cart can be read or written now: open, and not past its expiry. */
function isLive(ctx: Ctx, cart: Cart): boolean {
  return cart.status === 'open' && (cart.expiresAt === null || cart.expiresAt > ctx.now);
}

/** The owner's open cart at this store, with its lines; an expired one reads as none. */
export async function findOpenCart(ctx: Ctx, owner: CartOwner): Promise<CartWithItems | null> {
  const cart = await readCartWithProducts(ctx, { openKey: openKeyOf(owner) });
  return cart && isLive(ctx, cart) ? withVariants(ctx, cart) : null;
}

/** An open cart of this owner by its id (validate and clear name one); another shopper's cart reads as none. */
export async function findOwnCart(ctx: Ctx, owner: CartOwner, cartId: string): Promise<CartWithItems | null> {
  const cart = await readCartWithProducts(ctx, { id: cartId, openKey: openKeyOf(owner) });
  return cart && isLive(ctx, cart) ? withVariants(ctx, cart) : null;
}

/**
 * An open, unexpired cart by its id alone, whoever owns it: for the hosted checkout page, whose
 * address (the cart's unguessable uuid, handed to a private key) is what names the shopper.
 */
export async function findLiveCartById(ctx: Ctx, cartId: string): Promise<CartWithItems | null> {
  if (!uuidPattern.test(cartId)) return null;
  const cart = await readCartWithProducts(ctx, { id: cartId });
  return cart && isLive(ctx, cart) ? withVariants(ctx, cart) : null;
}

export async function reloadCart(tx: TransactionCtx, cartId: string): Promise<CartWithItems> {
  const cart = await readCartWithProducts(tx, { id: cartId });
  if (!cart) throw new Error(`reloadCart: cart ${cartId} is not in the transaction's store`);
  return withVariants(tx, cart);
}

/** The owner's open cart under the transaction's lock, and whether this transaction made it. */
export interface OpenedCart {
  cart: CartWithItems;
  created: boolean;
}

/** How often a cart write starts over when the cart it found was closed while it waited for the lock. */
const lockAttempts = 3;

/**
 * The owner's open cart, made when there is none, inside the caller's transaction, and locked: every
 * write takes the cart row's lock first, so concurrent writes to one cart run one after another. An
 * expired anonymous cart gives its key up first (it is closed as "expired"), so the shopper starts
 * afresh. Concurrent first adds make one cart (findOrInsert on the unique open key). A cart that a
 * checkout or a sign-in closed while this write waited for its lock is left as it was closed: the
 * write goes to the shopper's next cart, so a line added during a checkout is never lost in the
 * converted one. A cart this call made is its own until commit, no other transaction sees it: it
 * needs no lock and holds no lines, so it costs no further statement.
 */
export async function openCartFor(tx: TransactionCtx, owner: CartOwner, source?: string): Promise<OpenedCart> {
  const key = { storeId_openKey: { storeId: tx.db.$storeId, openKey: openKeyOf(owner) } };
  const liveCart = async () => {
    const cart = await tx.db.cart.findUnique({ where: key });
    if (!cart || isLive(tx, cart)) return cart;
    await tx.db.cart.update({ where: { id: cart.id }, data: { status: 'expired', openKey: null } });
    return null;
  };
  const newCart = () =>
    tx.db.cart.createManyAndReturn({
      data: [
        {
          storeId: tx.db.$storeId,
          openKey: key.storeId_openKey.openKey,
          customerId: owner.kind === 'customer' ? owner.customerId : null,
          sessionHash: owner.kind === 'session' ? owner.sessionHash : null,
          source: source ?? 'web',
          expiresAt: expiryOf(tx, owner),
          createdAt: tx.now,
        },
      ],
      skipDuplicates: true,
    });
  for (let attempt = 0; attempt < lockAttempts; attempt++) {
    const { row: cart, created } = await findOrInsert(liveCart, newCart);
    if (created) return { cart: { ...cart, items: [] }, created };
    const { count } = await tx.db.cart.updateMany({
      where: { id: cart.id, status: 'open' },
      data: { updatedAt: tx.now, expiresAt: expiryOf(tx, owner), ...(source ? { source } : {}) },
    });
    if (count === 1) return { cart: await reloadCart(tx, cart.id), created };
  }
  throw new Error(`openCartFor: the cart was closed under every one of ${lockAttempts} attempts to lock it`);
}

/** The cart a call names by id (another shopper's or an unknown one is a 404), or the owner's open cart. */
export async function findCart(ctx: Ctx, owner: CartOwner, cartId: string | undefined): Promise<CartWithItems | null> {
  if (cartId === undefined) return findOpenCart(ctx, owner);
  const cart = uuidPattern.test(cartId) ? await findOwnCart(ctx, owner, cartId) : null;
  if (!cart) throw ApiError.notFound('Cart');
  return cart;
}
