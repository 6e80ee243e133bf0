import type { Prisma } from '../../generated/prisma/client.js';

/**
 * How each model belongs to a store. A new model must be placed here before the code compiles:
 * `owned` rows carry a `storeId` and are filtered by it, `store` is the store itself (its own id),
 * `global` rows belong to no store and the store-scoped client refuses them. `platform` rows are a
 * shopper's own (the account and its saved addresses: "an address belongs to the customer, never
 * to one store"): every store's client reaches them unfiltered, inside its transactions, and only
 * the customer modules may (test/platform/platform-models.test.ts), always by the signed-in account.
 * `reference` rows belong to no store and are the same for every store (the region data set): every
 * store's client reads them, none writes them; operators load them.
 */
export const tenancyOf = {
  Store: 'store',
  StoreLocale: 'owned',
  ApiKey: 'owned',
  Category: 'owned',
  Product: 'owned',
  ShopperPrice: 'owned',
  ProductOption: 'owned',
  Variant: 'owned',
  ProductImage: 'owned',
  Translation: 'owned',
  OutboxEvent: 'owned',
  IdempotencyRecord: 'owned',
  MediaFile: 'owned',
  InventoryAdjustment: 'owned',
  Customer: 'owned',
  CustomerSession: 'owned',
  OtpChallenge: 'owned',
  PasswordReset: 'owned',
  Message: 'owned',
  StoreFollow: 'owned',
  WishlistItem: 'owned',
  Discount: 'owned',
  Coupon: 'owned',
  Collection: 'owned',
  CollectionProduct: 'owned',
  Cart: 'owned',
  CartItem: 'owned',
  ShippingZone: 'owned',
  Order: 'owned',
  StoreCounter: 'owned',
  OrderItem: 'owned',
  OrderTimelineEntry: 'owned',
  CouponRedemption: 'owned',
  CustomerAccount: 'platform',
  SavedAddress: 'platform',
  Region: 'reference',
  ServerSetting: 'global',
  App: 'global',
  AppInstallation: 'owned',
  AppSetupSheet: 'owned',
  AppAlert: 'owned',
  AppRequirement: 'owned',
  CollectedDefinition: 'owned',
  CollectedRecord: 'owned',
  MetafieldDefinition: 'owned',
  MetaobjectDefinition: 'owned',
  Metaobject: 'owned',
  Review: 'owned',
  Question: 'owned',
  ProductRating: 'owned',
  WebhookSubscription: 'owned',
  WebhookDelivery: 'owned',
  WebhookAttempt: 'owned',
  Post: 'owned',
  StaffMember: 'owned',
  TrafficHour: 'owned',
  TrafficDay: 'owned',
  TrafficTop: 'owned',
} as const satisfies Record<Prisma.ModelName, 'store' | 'owned' | 'global' | 'platform' | 'reference'>;

/** A query through a store's client that would reach past its store: a defect in our code, never a client's. */
export class TenancyViolation extends Error {
  override name = 'TenancyViolation';
}
