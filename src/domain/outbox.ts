import type { Prisma } from '../generated/prisma/client.js';
import type { StoreDb } from '../platform/database/store-scoped-client.js';
import type { AppEventTopics } from './apps/events.js';
import type { CustomDataEventTopics } from './custom-data/events.js';
import type { OrderDocument } from './orders/order-document.js';

/**
 * Every domain event by topic, with the payload it carries; a new event is declared here
 * first. Topics follow the webhook names of the merchant spec (`products/*`, `orders/*`, …).
 */
export interface EventTopics extends AppEventTopics, CustomDataEventTopics {
  'products/create': { id: string };
  'products/update': { id: string };
  'products/delete': { id: string };
  'customers/create': { id: number; uid: string };
  'customers/update': { id: number; uid: string };
  'discounts/create': { id: string };
  'discounts/update': { id: string };
  'coupons/create': { id: string };
  'collections/create': { id: string };
  'collections/update': { id: string };
  'shipping_zones/create': { id: string };
  'shipping_zones/update': { id: string };
  // Order events carry the merchant API's Order object as it stood at the change.
  'orders/create': OrderDocument;
  'orders/paid': OrderDocument;
  'orders/updated': OrderDocument;
}

export type Topic = keyof EventTopics;

export type DomainEvent = { [T in Topic]: { topic: T; payload: EventTopics[T] } }[Topic];

/**
 * The events of one transaction, written in it at commit: a rolled-back write never leaves an
 * event behind, and a committed one always does. Delivery is a relay's job, not this one's.
 */
export class Outbox {
  #events: DomainEvent[] = [];
  #written = false;

  append(event: DomainEvent): void {
    if (this.#written) throw new Error(`Event ${event.topic} appended after its transaction committed; append inside withTransaction.`);
    this.#events.push(event);
  }

  /** One statement for all of them, through the transaction's store client. */
  async write(db: StoreDb): Promise<void> {
    this.#written = true;
    if (!this.#events.length) return;
    await db.outboxEvent.createMany({
      data: this.#events.map(({ topic, payload }) => ({ storeId: db.$storeId, topic, payload: payload as Prisma.InputJsonObject })),
    });
  }
}
