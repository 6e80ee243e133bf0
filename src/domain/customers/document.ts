import { isoTimestamp } from '../document-format.js';
import type { MerchantCustomer } from './merchant/customer-view.js';

/**
 * The merchant API's Customer object: the only builder of it, so `GET /customers/{id}`, the list
 * and the webhooks of the customer events (events.ts) send the same object. Email and phone are
 * already masked or not by the caller's scopes (merchant/contact.ts).
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
