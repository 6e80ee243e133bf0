import type { SavedAddress } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import { uuidPattern } from '../../../platform/validation/text-rules.js';
import { signedInCustomer, type Ctx } from '../../context.js';
import { placePoint } from '../../regions/place-point.js';
import { withTransaction, type TransactionCtx } from '../../transaction.js';
import { MAX_SAVED_ADDRESSES, type AddressCreateInput } from './address-fields.js';

// Saved addresses belong to the shopper's account, at every store; each operation reaches them by
// the signed-in account only, so another shopper's address answers as absent (404).

const newestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];

const addressNotFound = () => new ApiError('not_found', 'Saved address not found.');

/**
 * Every change to an account's addresses starts by touching the account row, which takes its lock:
 * two concurrent changes (two first addresses, a delete racing a new default) run one after the
 * other, so the account always has exactly one default while it has any address.
 */
async function lockAccount(tx: TransactionCtx, accountId: string) {
  await tx.db.customerAccount.update({ where: { id: accountId }, data: { updatedAt: tx.now } });
}

/** The account's address by its uuid, locked with its account; anything else is not found. */
async function ownAddress(tx: TransactionCtx, accountId: string, addressId: string): Promise<SavedAddress> {
  if (!uuidPattern.test(addressId)) throw addressNotFound();
  await lockAccount(tx, accountId);
  const address = await tx.db.savedAddress.findFirst({ where: { id: addressId.toLowerCase(), accountId } });
  if (!address) throw addressNotFound();
  return address;
}

/** An account's addresses, the default first, then newest first. */
export function addressesOf(ctx: Ctx, accountId: string): Promise<SavedAddress[]> {
  return ctx.db.savedAddress.findMany({ where: { accountId }, orderBy: [{ isDefault: 'desc' }, ...newestFirst] });
}

export function listAddresses(ctx: Ctx): Promise<SavedAddress[]> {
  return addressesOf(ctx, signedInCustomer(ctx).accountId);
}

/** Saves an address placed by the region data set; the account's first address becomes its default. */
export async function addAddress(ctx: Ctx, input: AddressCreateInput): Promise<SavedAddress> {
  const { accountId } = signedInCustomer(ctx);
  const place = await placePoint(ctx, input);
  return withTransaction(ctx, async (tx) => {
    await lockAccount(tx, accountId);
    const count = await tx.db.savedAddress.count({ where: { accountId } });
    if (count >= MAX_SAVED_ADDRESSES) {
      throw new ApiError('limit_reached', `An account keeps at most ${MAX_SAVED_ADDRESSES} saved addresses; delete one first.`);
    }
    return tx.db.savedAddress.create({
      data: { accountId, ...input, ...place, isDefault: count === 0, createdAt: tx.now },
    });
  });
}

/** Deletes an address; when it was the default, the newest remaining address becomes the default (spec rule 2). */
export async function deleteAddress(ctx: Ctx, addressId: string): Promise<void> {
  const { accountId } = signedInCustomer(ctx);
  await withTransaction(ctx, async (tx) => {
    const address = await ownAddress(tx, accountId, addressId);
    await tx.db.savedAddress.delete({ where: { id: address.id } });
    if (!address.isDefault) return;
    const newest = await tx.db.savedAddress.findFirst({ where: { accountId }, orderBy: newestFirst });
    if (newest) await tx.db.savedAddress.update({ where: { id: newest.id }, data: { isDefault: true } });
  });
}

/** Makes an address the account's default, and every other one not. */
export async function makeDefaultAddress(ctx: Ctx, addressId: string): Promise<SavedAddress> {
  const { accountId } = signedInCustomer(ctx);
  return withTransaction(ctx, async (tx) => {
    const address = await ownAddress(tx, accountId, addressId);
    await tx.db.savedAddress.updateMany({ where: { accountId, isDefault: true, id: { not: address.id } }, data: { isDefault: false } });
    return tx.db.savedAddress.update({ where: { id: address.id }, data: { isDefault: true } });
  });
}

/** The signed-in shopper's saved address by its id, for checkout to deliver to; another's, or none, is a 404 on `address_id`. */
export async function savedAddressOf(ctx: Ctx, addressId: string): Promise<SavedAddress> {
  const { accountId } = signedInCustomer(ctx);
  const address = uuidPattern.test(addressId) ? await ctx.db.savedAddress.findFirst({ where: { id: addressId.toLowerCase(), accountId } }) : null;
  if (!address) throw new ApiError('not_found', 'Saved address not found.', { fieldErrors: { addressId: ['is not one of your saved addresses'] } });
  return address;
}

/** A store customer's contact for an order: their account's name, email and phone. */
export async function customerContactOf(ctx: Ctx, customerId: number): Promise<{ name: string; email: string | null; phone: string | null }> {
  const { account } = await ctx.db.customer.findUniqueOrThrow({ where: { id: customerId }, include: { account: true } });
  return { name: `${account.firstName} ${account.lastName}`.trim(), email: account.email, phone: account.phone };
}
