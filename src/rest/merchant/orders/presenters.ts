import type { Ctx } from '../../../domain/context.js';
import { maskContact, metadataFor, readsContact } from '../../../domain/customers/merchant/contact.js';
import { orderDocument } from '../../../domain/orders/order-document.js';
import type { OrderRecord } from '../../../domain/orders/order-record.js';

/**
 * The merchant spec's Order object: the order's document, with the customer's and the recipient's
 * email and phone masked unless the key holds merchant-customers-contact-read, as customer reads are,
 * and the contact keys of `metadata` omitted.
 */
export function presentMerchantOrder(ctx: Ctx, order: OrderRecord) {
  const document = orderDocument(order);
  if (readsContact(ctx)) return document;
  return {
    ...document,
    customer: document.customer
      ? { ...document.customer, email: maskContact('email', document.customer.email), phone: maskContact('phone', document.customer.phone) }
      : null,
    shipping_address: document.shipping_address ? { ...document.shipping_address, phone: maskContact('phone', document.shipping_address.phone) } : null,
    metadata: metadataFor(ctx, document.metadata),
  };
}
