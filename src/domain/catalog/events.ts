import type { ProductDocument } from './document.js';

/**
 * The catalogue's events carry the merchant API's Product object (`productDocument`, document.ts)
 * as the transaction left it: the object `GET /products/{id}` answers right after the write
 * (for `products/delete`, the object with its `deleted_at`). See product-events.ts.
 */
export interface CatalogEvents {
  'products/create': ProductDocument;
  'products/update': ProductDocument;
  'products/delete': ProductDocument;
}
