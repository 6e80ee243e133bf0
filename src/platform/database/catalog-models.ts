import type { Prisma } from '../../generated/prisma/client.js';
import { readOperations } from './operations.js';

/** What a write can change: the store's facts and its catalogue, or its catalogue alone. */
export type CachedReadsScope = 'facts' | 'catalog';

/**
 * What a write to each model can change of what a cached read answers: a shopper's catalogue
 * (products, prices, stock, publication, images, categories, collections, discounts, the store's
 * profile and locales) or who may read it (API keys). `'facts'` marks the models a request reads
 * before the catalogue, once per token of their own (the key with its store row, the store's
 * locales and automatic discounts: src/auth/key-lookup.ts, src/domain/catalog/store-facts.ts): a
 * write to one replaces that token and the catalogue version; a write to a `'catalog'` model, the
 * version alone, so a product's price change does not read the key again. A new model must be
 * placed here before the code compiles, so nobody adds a catalogue table the response cache does
 * not hear about.
 */
export const changesCachedReads = {
  Store: 'facts',
  StoreLocale: 'facts',
  ApiKey: 'facts',
  Category: 'catalog',
  Product: 'catalog',
  // A settled sort key: it follows the products and discounts above, so settling it changes no answer.
  ShopperPrice: false,
  ProductOption: 'catalog',
  Variant: 'catalog',
  ProductImage: 'catalog',
  Translation: 'catalog',
  MediaFile: 'catalog',
  Discount: 'facts',
  Collection: 'catalog',
  CollectionProduct: 'catalog',
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
  // The order numbers: no shopper reads them.
  StoreCounter: false,
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
  MetafieldDefinition: 'catalog',
  MetaobjectDefinition: 'catalog',
  Metaobject: 'catalog',
  // Approved reviews and answered questions are shopper reads, and their tallies are the cards' ratings.
  Review: 'catalog',
  Question: 'catalog',
  ProductRating: 'catalog',
  // Webhooks are sent to receivers outside; no shopper reads them.
  WebhookSubscription: false,
  WebhookDelivery: false,
  WebhookAttempt: false,
  // Shoppers' post lists and reads are cached catalogue reads.
  Post: 'catalog',
  // The team directory and traffic are merchant reads; no shopper's answer shows them.
  StaffMember: false,
  TrafficHour: false,
  TrafficDay: false,
  TrafficTop: false,
} as const satisfies Record<Prisma.ModelName, CachedReadsScope | false>;

/** What this operation on this model can change of cached reads; null for nothing. */
export function catalogWriteOf(model: string, operation: string): CachedReadsScope | null {
  if (readOperations.has(operation)) return null;
  return changesCachedReads[model as Prisma.ModelName] || null;
}

/**
 * The columns a sale, a cancellation or an inventory adjustment moves and nothing else does
 * alone: stock levels, sales counts and the rows' updatedAt. A cached answer that only shows them
 * (a card's quantity) goes stale with its product; one that orders, filters or totals by them
 * (sort=popular) with any of the store's products (stock-reads.ts). A product crossing in or out of
 * stock writes `inStock` (refresh-derived-columns.ts), which is not here: that write replaces the
 * store's whole version, like any other catalogue write.
 */
export const stockColumns = {
  Product: new Set(['stock', 'salesCount', 'updatedAt']),
  Variant: new Set(['stock', 'updatedAt']),
} as const satisfies Partial<Record<Prisma.ModelName, Set<string>>>;

/** Columns of catalogue models that no cached read shows: writing only them changes no answer. */
const unshownColumns: Partial<Record<Prisma.ModelName, Set<string>>> = {
  // The row's lock alone, which locale writes take to run one after another (manage-locales.ts): it moves the store's
  // updatedAt, which only the merchant's profile shows, from the key's row.
  Store: new Set(['updatedAt']),
  // A discount's uses: only the merchant reads the count. The one use that reaches its total limit
  // ends the discount for shoppers, and the one given back there revives it: those writes announce
  // themselves as catalogue writes (`crossesUsageLimit`, liveness.ts).
  Discount: new Set(['usageCount', 'updatedAt']),
};

const updateOperations = new Set(['update', 'updateMany', 'updateManyAndReturn']);

/** What a write does to cached reads: the store's facts and catalogue, its catalogue, the products whose stock alone moved, or nothing. */
export type CatalogEffect = CachedReadsScope | { stock: string[] } | null;

function writesOnly(data: unknown, columns: Set<string> | undefined): boolean {
  if (!columns || data === null || typeof data !== 'object' || Array.isArray(data)) return false;
  const written = Object.keys(data);
  return written.length > 0 && written.every((column) => columns.has(column));
}

/** A product id named as a plain value or `{ in: [...] }`; null when the write's rows are not named by it. */
function productIdsNamed(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  const list = value !== null && typeof value === 'object' && Object.keys(value).length === 1 ? (value as { in?: unknown }).in : undefined;
  return Array.isArray(list) && list.every((id) => typeof id === 'string') ? list : null;
}

/**
 * The effect of a write, decided from its model, operation and the columns it writes: an update of
 * a product's or variant's stock columns alone, whose `where` names its products (`id` for a
 * product, `productId` for a variant), is a stock write of those products; one that does not name
 * them counts as a catalogue write.
 */
export function catalogEffectOf(model: string, operation: string, args: { data?: unknown; where?: Record<string, unknown> } | undefined): CatalogEffect {
  const scope = catalogWriteOf(model, operation);
  if (!scope || !updateOperations.has(operation)) return scope;
  if (writesOnly(args?.data, unshownColumns[model as Prisma.ModelName])) return null;
  if (model !== 'Product' && model !== 'Variant') return scope;
  if (!writesOnly(args?.data, stockColumns[model])) return 'catalog';
  const products = productIdsNamed(args?.where?.[model === 'Product' ? 'id' : 'productId']);
  return products ? { stock: products } : 'catalog';
}
