import type { Prisma } from '../generated/prisma/client.js';
import type { StoreDb } from '../platform/database/store-scoped-client.js';
import type { DomainEvent } from './events.js';

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
