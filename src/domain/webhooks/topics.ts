import type { MerchantScope } from '../../auth/scopes.js';
import type { Topic } from '../events.js';

/**
 * What a webhook subscription to each topic needs: the read scope of the topic's resource (a key
 * that cannot read orders cannot be sent them) and how the resource is named for ordering. A topic
 * the domain records is declared in its context's `events.ts`; this table must name every one
 * (the compiler holds it to `Topic`), so a new topic cannot be left unsubscribable.
 */
interface TopicRule {
  /** The scope a subscription's key must carry besides merchant-webhooks-write; null: none (the app's own events). */
  readScope: MerchantScope | null;
  /** The payload field naming the resource: its events reach one subscription in the order they happened. */
  resourceField: 'id' | 'installation_id' | 'code';
}

const orders: TopicRule = { readScope: 'merchant-orders-read', resourceField: 'id' };
const products: TopicRule = { readScope: 'merchant-items-read', resourceField: 'id' };
const customers: TopicRule = { readScope: 'merchant-customers-read', resourceField: 'id' };
const appOwn: TopicRule = { readScope: null, resourceField: 'installation_id' };

export const topicRules = {
  'orders/create': orders,
  'orders/paid': orders,
  'orders/updated': orders,
  'orders/cancelled': orders,
  'orders/fulfilled': orders,
  'products/create': products,
  'products/update': products,
  'products/delete': products,
  'customers/create': customers,
  'customers/update': customers,
  'collections/create': { readScope: 'merchant-collections-read', resourceField: 'id' },
  'collections/update': { readScope: 'merchant-collections-read', resourceField: 'id' },
  'discounts/create': { readScope: 'merchant-discounts-read', resourceField: 'id' },
  'discounts/update': { readScope: 'merchant-discounts-read', resourceField: 'id' },
  'coupons/create': { readScope: 'merchant-coupons-read', resourceField: 'id' },
  'shipping_zones/create': { readScope: 'merchant-shipping-read', resourceField: 'id' },
  'shipping_zones/update': { readScope: 'merchant-shipping-read', resourceField: 'id' },
  'metafield_definitions/create': { readScope: 'merchant-metafields-read', resourceField: 'id' },
  'metaobject_definitions/create': { readScope: 'merchant-metaobjects-read', resourceField: 'id' },
  'metafield_definitions/update': { readScope: 'merchant-metafields-read', resourceField: 'id' },
  'metaobject_definitions/update': { readScope: 'merchant-metaobjects-read', resourceField: 'id' },
  'metaobjects/create': { readScope: 'merchant-metaobjects-read', resourceField: 'id' },
  'metaobjects/update': { readScope: 'merchant-metaobjects-read', resourceField: 'id' },
  'reviews/create': { readScope: 'merchant-reviews-read', resourceField: 'id' },
  'reviews/update': { readScope: 'merchant-reviews-read', resourceField: 'id' },
  'reviews/delete': { readScope: 'merchant-reviews-read', resourceField: 'id' },
  'questions/create': { readScope: 'merchant-reviews-read', resourceField: 'id' },
  'questions/update': { readScope: 'merchant-reviews-read', resourceField: 'id' },
  'app/installed': appOwn,
  'app/uninstalled': appOwn,
  'app_setup/update': appOwn,
  'app_alerts/create': appOwn,
  'app_requirements/update': appOwn,
  'collected_definitions/create': appOwn,
  'collected_definitions/update': appOwn,
  'collected_records/create': appOwn,
  'posts/create': { readScope: 'merchant-posts-read', resourceField: 'id' },
  'posts/update': { readScope: 'merchant-posts-read', resourceField: 'id' },
  'posts/delete': { readScope: 'merchant-posts-read', resourceField: 'id' },
  'locales/create': { readScope: 'merchant-locales-read', resourceField: 'code' },
  'locales/update': { readScope: 'merchant-locales-read', resourceField: 'code' },
  'locales/delete': { readScope: 'merchant-locales-read', resourceField: 'code' },
  'translations/update': { readScope: 'merchant-translations-read', resourceField: 'id' },
  'translations/delete': { readScope: 'merchant-translations-read', resourceField: 'id' },
  'staff_members/create': { readScope: 'merchant-team-directory-read', resourceField: 'id' },
  'staff_members/delete': { readScope: 'merchant-team-directory-read', resourceField: 'id' },
  'webhook_subscriptions/create': { readScope: 'merchant-webhooks-read', resourceField: 'id' },
  'webhook_subscriptions/update': { readScope: 'merchant-webhooks-read', resourceField: 'id' },
  'webhook_subscriptions/delete': { readScope: 'merchant-webhooks-read', resourceField: 'id' },
} as const satisfies Record<Topic, TopicRule>;

export const webhookTopics = Object.keys(topicRules).sort() as Topic[];

export function isTopic(value: string): value is Topic {
  return Object.hasOwn(topicRules, value);
}

/**
 * The app's own events: an installation's subscription gets only those about itself (another app's
 * installation, setup or records are not its business); a merchant's subscription gets every one.
 */
export function isAppOwnTopic(topic: Topic): boolean {
  return topicRules[topic].readScope === null;
}

/** `orders:<id>`: the resource an event is about, by its topic's family and the payload's naming field. */
export function resourceKeyOf(topic: Topic, payload: Record<string, unknown>): string {
  const family = topic.slice(0, topic.indexOf('/'));
  const field = topicRules[topic].resourceField;
  return `${family}:${String(payload[field] ?? '')}`;
}
