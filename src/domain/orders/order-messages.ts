import { enqueueMessage } from '../messages/enqueue-message.js';
import type { TransactionCtx } from '../transaction.js';
import { addressOf, contactOf } from './order-document.js';
import type { OrderRecord } from './order-record.js';

/** The order changes a shopper is told about. */
export type OrderNotice = 'cancelled' | 'rejected' | 'shipped' | 'out_for_delivery' | 'delivered';

function noticeText(order: OrderRecord, notice: OrderNotice, storeName: string): { subject: string; text: string } {
  const number = `#${order.number}`;
  switch (notice) {
    case 'cancelled':
    case 'rejected': {
      const refunded = order.paymentStatus === 'refunded' ? ' Your payment has been refunded.' : '';
      const why = order.cancelReason ? ` Reason: ${order.cancelReason}.` : '';
      const verb = notice === 'cancelled' ? 'was cancelled' : 'could not be taken by the store';
      return { subject: `Order ${number} ${notice}`, text: `Your order ${number} at ${storeName} ${verb}.${why}${refunded}` };
    }
    case 'shipped': {
      const carrier = order.carrierName ? ` with ${order.carrierName}` : '';
      const tracking = order.trackingUrl ? ` Track it: ${order.trackingUrl}` : order.trackingNumber ? ` Tracking number: ${order.trackingNumber}.` : '';
      return { subject: `Order ${number} shipped`, text: `Your order ${number} from ${storeName} has shipped${carrier}.${tracking}` };
    }
    case 'out_for_delivery':
      return { subject: `Order ${number} is on its way`, text: `Your order ${number} from ${storeName} is on its way.` };
    case 'delivered':
      return { subject: `Order ${number} delivered`, text: `Your order ${number} from ${storeName} was delivered.` };
  }
}

/**
 * Tells the shopper about a change of their order through the messages outbox, in the change's
 * transaction: by email when the order has an address to write to, else by SMS to its phone
 * (an imported order's recipient has only a phone); an order with neither is told nothing.
 */
export async function notifyCustomer(tx: TransactionCtx, order: OrderRecord, notice: OrderNotice): Promise<void> {
  const contact = contactOf(order);
  const phone = contact.phone ?? addressOf(order)?.phone ?? null;
  const { subject, text } = noticeText(order, notice, tx.store.name);
  const template = `order_${notice}`;
  if (contact.email) await enqueueMessage(tx, { channel: 'email', recipient: contact.email.toLowerCase(), template, subject, text });
  else if (phone) await enqueueMessage(tx, { channel: 'sms', recipient: phone, template, text });
}
