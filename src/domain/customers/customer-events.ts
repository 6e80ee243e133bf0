import type { TransactionCtx } from '../transaction.js';
import { customerDocument } from './document.js';
import { fullCustomerOf } from './merchant/customer-view.js';

/**
 * Records a customer event whose payload is the merchant Customer object (contact unmasked) as the
 * transaction leaves it, built in the transaction just before commit by the same `customerDocument`
 * the merchant presenter uses; a later change writes a new event instead of changing this one.
 */
export function appendCustomerEvent(tx: TransactionCtx, topic: 'customers/create' | 'customers/update', customerId: number): void {
  tx.outbox.appendSnapshot(topic, async () =>
    customerDocument(fullCustomerOf(await tx.db.customer.findUniqueOrThrow({ where: { id: customerId }, include: { account: true } }))),
  );
}
