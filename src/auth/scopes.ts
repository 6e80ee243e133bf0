/**
 * Every scope of the merchant API's scope table, and the scopes of Bazaar's documented extensions
 * (`extensionScopes`); `all` on the CLI grants these.
 */
export const merchantScopes = [
  'merchant-analytics-traffic-read',
  'merchant-app-requirements-write',
  'merchant-app_alerts-create',
  'merchant-app_setup-update',
  'merchant-business_profile-read',
  'merchant-collected-definitions-manage',
  'merchant-collected-records-submit',
  'merchant-collections-create',
  'merchant-collections-read',
  'merchant-collections-update',
  'merchant-coupons-create',
  'merchant-coupons-read',
  'merchant-customers-contact-read',
  'merchant-customers-detail',
  'merchant-customers-read',
  'merchant-discounts-create',
  'merchant-discounts-detail',
  'merchant-discounts-read',
  'merchant-discounts-update',
  'merchant-inventory-detail',
  'merchant-inventory-read',
  'merchant-inventory-update',
  'merchant-items-create',
  'merchant-items-delete',
  'merchant-items-detail',
  'merchant-items-read',
  'merchant-items-update',
  'merchant-locales-read',
  'merchant-locales-write',
  'merchant-media-create',
  'merchant-media-read',
  'merchant-metafields-create',
  'merchant-metafields-read',
  'merchant-metaobjects-create',
  'merchant-metaobjects-read',
  'merchant-orders-import',
  'merchant-orders-read',
  'merchant-orders-status-update',
  'merchant-orders-update',
  'merchant-posts-read',
  'merchant-posts-write',
  'merchant-reviews-import',
  'merchant-reviews-moderate',
  'merchant-reviews-read',
  'merchant-shipping-create',
  'merchant-shipping-read',
  'merchant-shipping-update',
  'merchant-stock_adjustments-read',
  'merchant-team-directory-read',
  'merchant-translations-read',
  'merchant-translations-write',
  'merchant-webhooks-read',
  'merchant-webhooks-write',
] as const;

/** Scopes of operations Bazaar added where the spec says nothing (README "Posts", "Webhooks", "Reviews and questions"): not in the spec's table. */
export const extensionScopes = [
  'merchant-posts-write',
  'merchant-reviews-moderate',
  'merchant-webhooks-read',
  'merchant-webhooks-write',
] as const satisfies readonly MerchantScope[];

export type MerchantScope = (typeof merchantScopes)[number];

export function isMerchantScope(value: string): value is MerchantScope {
  return (merchantScopes as readonly string[]).includes(value);
}
