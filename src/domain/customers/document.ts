import { isoTimestamp } from '../document-format.js';

/** A store's customer as a merchant reads it, contact already masked for a key without the contact scope. */
export interface MerchantCustomer {
  id: number;
  uid: string;
  name: string;
  email: string | null;
  phone: string | null;
  avatarUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The merchant API's Customer object: the only builder of it, so `GET /customers/{id}`, the list
 * and the webhooks of the customer events (events.ts) send the same object. Email and phone are
 * already masked or not by the caller's scopes (merchant/contact.ts); the customer events carry them unmasked.
 */
export function customerDocument(customer: MerchantCustomer) {
  return {
    id: customer.id,
    uid: customer.uid,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    avatar: customer.avatarUrl,
    created_at: isoTimestamp(customer.createdAt),
    updated_at: isoTimestamp(customer.updatedAt),
  };
}

export type CustomerDocument = ReturnType<typeof customerDocument>;
