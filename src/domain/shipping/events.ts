/** The shipping zones' events: the zone's uuid. */
export interface ShippingEvents {
  'shipping_zones/create': { id: string };
  'shipping_zones/update': { id: string };
}
