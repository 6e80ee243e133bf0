import type { CustomerDocument } from './document.js';

/**
 * The customers' events carry the merchant API's Customer object (`customerDocument`, document.ts)
 * as the transaction left it, contact unmasked: what `GET /customers/{id}` answers a key with the
 * contact scope. See customer-events.ts.
 */
export interface CustomerEvents {
  'customers/create': CustomerDocument;
  'customers/update': CustomerDocument;
}
