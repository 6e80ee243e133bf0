import type { Prisma } from '../../generated/prisma/client.js';
import { readOperations } from './operations.js';

/**
 * Whether a write to each model can change what a cached read answers: a shopper's catalogue
 * (products, prices, stock, publication, images, categories, collections, discounts, the store's
 * profile and locales) or who may read it (API keys). A new model must be placed here before the
 * code compiles, so nobody adds a catalogue table the response cache does not hear about.
 */
export const changesCachedReads = {
  Store: true,
  StoreLocale: true,
  ApiKey: true,
  Category: true,
  Product: true,
  // A settled sort key: it follows the products and discounts above, so settling it changes no answer.
  ShopperPrice: false,
  ProductOption: true,
  Variant: true,
  ProductImage: true,
  Translation: true,
  MediaFile: true,
  Discount: true,
  Collection: true,
  CollectionProduct: true,
  // Coupons never lower a shopper's card price (liveness.ts), and no cached read lists them.
  Coupon: false,
  InventoryAdjustment: false,
  OutboxEvent: false,
  IdempotencyRecord: false,
  Customer: false,
  CustomerSession: false,
  OtpChallenge: false,
  PasswordReset: false,
  Message: false,
  StoreFollow: false,
  WishlistItem: false,
  Cart: false,
  CartItem: false,
  ShippingZone: false,
  Order: false,
  OrderItem: false,
  OrderTimelineEntry: false,
  CouponRedemption: false,
  CustomerAccount: false,
  SavedAddress: false,
  Region: false,
  ServerSetting: false,
  // Apps and installations: who may call is the key's row (ApiKey above), which uninstalling revokes.
  App: false,
  AppInstallation: false,
  AppSetupSheet: false,
  AppAlert: false,
  // Requirements are checked at checkout, which never reads the cache.
  AppRequirement: false,
  CollectedDefinition: false,
  CollectedRecord: false,
  // Which metafields a card shows, and the metaobjects shoppers read, follow these rows.
  MetafieldDefinition: true,
  MetaobjectDefinition: true,
  Metaobject: true,
  // Approved reviews and answered questions are shopper reads, and their tallies are the cards' ratings.
  Review: true,
  Question: true,
  ProductRating: true,
  // Webhooks are sent to receivers outside; no shopper reads them.
  WebhookSubscription: false,
  WebhookDelivery: false,
  WebhookAttempt: false,
  // Shoppers' post lists and reads are cached catalogue reads.
  Post: true,
  // The team directory and traffic are merchant reads; no shopper's answer shows them.
  StaffMember: false,
  TrafficHour: false,
  TrafficDay: false,
  TrafficTop: false,
} as const satisfies Record<Prisma.ModelName, boolean>;

/** Whether this operation on this model can change a cached read. */
export function isCatalogWrite(model: string, operation: string): boolean {
  return changesCachedReads[model as Prisma.ModelName] === true && !readOperations.has(operation);
}
