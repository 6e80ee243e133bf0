import type { Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';
import { sha256Hex } from '../platform/crypto/tokens.js';
import { ApiError } from '../platform/errors/api-error.js';

/** The signed-in customer of a request: the store's customer record, its account and the session. */
export interface CustomerIdentity {
  /** The store's customer id (the merchant API's integer `id`). */
  customerId: number;
  customerUid: string;
  /** The platform-wide account. */
  accountId: string;
  sessionId: string;
  familyId: string;
}

/**
 * Turns an access token into the store's customer. It takes the unscoped client (as key lookup
 * does) because a token of another store must be told apart from an unknown one: that answers 403
 * `token_store_mismatch`, the spec's "a token issued for another store answers 403".
 */
export async function authenticateCustomer(db: Db, store: Store, token: string | undefined, now: Date): Promise<CustomerIdentity> {
  if (!token) throw new ApiError('customer_token_required', 'Sign in first: this operation needs Authorization: Bearer <access_token>.');
  const session = await db.customerSession.findUnique({
    where: { accessTokenHash: sha256Hex(token) },
    include: { customer: { select: { uid: true, accountId: true } } },
  });
  if (!session || session.revokedAt || session.accessExpiresAt <= now) {
    throw new ApiError('customer_token_invalid', 'The access token is unknown, expired or signed out. Refresh the session or sign in again.');
  }
  if (session.storeId !== store.id) {
    throw new ApiError('token_store_mismatch', `This access token was issued by another store; sign in at ${store.name}.`);
  }
  return {
    customerId: session.customerId,
    customerUid: session.customer.uid,
    accountId: session.customer.accountId,
    sessionId: session.id,
    familyId: session.familyId,
  };
}
