import type { AppEventTopics } from './apps/events.js';
import type { CatalogEvents } from './catalog/events.js';
import type { CollectionEvents } from './collections/events.js';
import type { ContentEvents } from './content/events.js';
import type { CustomDataEventTopics } from './custom-data/events.js';
import type { CustomerEvents } from './customers/events.js';
import type { DiscountEvents } from './discounts/events.js';
import type { LocaleEvents } from './locale/events.js';
import type { OrderEvents } from './orders/events.js';
import type { ReviewEvents } from './reviews/events.js';
import type { ShippingEvents } from './shipping/events.js';
import type { TranslationEvents } from './translations/events.js';
import type { TeamEvents } from './team/events.js';
import type { WebhookEvents } from './webhooks/events.js';

/**
 * Every domain event by topic, with the payload it carries: the one list the outbox accepts,
 * merged from each context's own `events.ts` (a new event is declared there). Topics follow the
 * webhook names of the merchant spec (`products/*`, `orders/*`, …).
 */
export type EventTopics = AppEventTopics &
  CatalogEvents &
  CustomDataEventTopics &
  CollectionEvents &
  ContentEvents &
  CustomerEvents &
  DiscountEvents &
  LocaleEvents &
  OrderEvents &
  ReviewEvents &
  ShippingEvents &
  TranslationEvents &
  TeamEvents &
  WebhookEvents;

export type Topic = keyof EventTopics;

export type DomainEvent = { [T in Topic]: { topic: T; payload: EventTopics[T] } }[Topic];
