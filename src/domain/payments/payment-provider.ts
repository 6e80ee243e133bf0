import type { Order } from '../../generated/prisma/client.js';

/** What a provider needs to know to take a payment: which order, how much, and where to send the shopper back. */
export interface PaymentRequest {
  order: Pick<Order, 'uid' | 'number' | 'total' | 'currency'>;
  storeName: string;
  /** The address Bazaar is reached at (`PUBLIC_URL`). */
  publicUrl: string;
  /** The deployment secret, for links a provider signs. */
  secret: string;
}

/**
 * The payment-provider port. A provider hands out the address where the shopper pays an order;
 * the provider then reports the outcome through `settlePayment` (a webhook, or its own return
 * page), which moves the order. The built-in test provider is the default; a deployment plugs in
 * its own through the app's dependencies.
 */
export interface PaymentProvider {
  readonly name: string;
  payLink(request: PaymentRequest): string;
  /**
   * Gives a settled payment back in full and answers the provider's reference for the refund.
   * Called inside the cancelling transaction: a refund that throws rolls the cancellation back.
   */
  refund(request: RefundRequest): Promise<string>;
}

/** A refund of an order's whole payment, named by the provider's reference of that payment. */
export interface RefundRequest {
  order: Pick<Order, 'uid' | 'number' | 'total' | 'currency' | 'paymentRef'>;
}
