import { hmac, safeEqual } from '../../platform/crypto/tokens.js';
import type { PaymentProvider, PaymentRequest } from './payment-provider.js';

/** The signature that makes a test pay page's address unguessable: only Bazaar can mint it, for one order. */
export function payPageSignature(secret: string, orderUid: string): string {
  return hmac(secret, `test-pay-page:${orderUid}`);
}

export function isPayPageSignature(secret: string, orderUid: string, signature: string): boolean {
  return safeEqual(payPageSignature(secret, orderUid), signature);
}

/**
 * The built-in test provider: no money moves. Its pay page, served by Bazaar at
 * `/pay/test/{order uid}/{signature}`, shows the order and two buttons, "Pay" and "Decline",
 * which settle the order as a real provider's callback would.
 */
export const testPaymentProvider: PaymentProvider = {
  name: 'test',
  payLink({ order, publicUrl, secret }: PaymentRequest): string {
    return `${publicUrl}/pay/test/${order.uid}/${payPageSignature(secret, order.uid)}`;
  },
  // No money moved, so the refund is done the moment it is asked for.
  refund: async ({ order }) => `test_refund_${order.uid}`,
};
