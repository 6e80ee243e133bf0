/**
 * The customers' events: the store's customer record by its integer id and uuid. The customer's
 * merchant object is `customerDocument` (document.ts), the same object `GET /customers/{id}` answers.
 */
export interface CustomerEvents {
  'customers/create': { id: number; uid: string };
  'customers/update': { id: number; uid: string };
}
