/** The discounts' and coupons' events: the record's uuid. */
export interface DiscountEvents {
  'discounts/create': { id: string };
  'discounts/update': { id: string };
  'coupons/create': { id: string };
}
