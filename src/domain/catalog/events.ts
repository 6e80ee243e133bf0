/**
 * The catalogue's events. They carry the product's uuid, not a copy of it: the product's merchant
 * object is `productDocument` (document.ts), which a webhook sends as the product stands when it is
 * delivered, the same object `GET /products/{id}` answers.
 */
export interface CatalogEvents {
  'products/create': { id: string };
  'products/update': { id: string };
  'products/delete': { id: string };
}
