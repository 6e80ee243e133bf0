import { STORE, storeSql } from '../platform/database/store-statements.js';
import type { StoreDb } from '../platform/database/store-scoped-client.js';
import { noteWrittenEvents } from './committed-events.js';
import type { DomainEvent, EventTopics, Topic } from './events.js';

/** An event whose payload is built when the transaction commits, after every write it holds. */
type Pending = DomainEvent | { topic: Topic; build: () => Promise<unknown> };

/**
 * The events of one transaction, written in it at commit: a rolled-back write never leaves an
 * event behind, and a committed one always does. Delivery is a relay's job, not this one's.
 */
export class Outbox {
  #events: Pending[] = [];
  #written = false;

  append(event: DomainEvent): void {
    this.#check(event.topic);
    this.#events.push(event);
  }

  /**
   * An event whose payload is a snapshot of the record as the transaction leaves it: `build` runs
   * inside the transaction, just before commit, once every write of it is done. The builders of one
   * commit run together, so loaders batch their reads.
   */
  appendSnapshot<T extends Topic>(topic: T, build: () => Promise<EventTopics[T]>): void {
    this.#check(topic);
    this.#events.push({ topic, build });
  }

  #check(topic: Topic): void {
    if (this.#written) throw new Error(`Event ${topic} appended after its transaction committed; append inside withTransaction.`);
  }

  /**
   * One statement for all of them, through the transaction's store client; live listeners hear of
   * them once it commits (committed-events.ts). The payloads go as one JSON text, written once:
   * Prisma's `createMany` walked every payload's objects to build its parameters, which cost a
   * checkout about as much CPU as a statement.
   */
  async write(db: StoreDb): Promise<void> {
    this.#written = true;
    if (!this.#events.length) return;
    const payloads = await Promise.all(this.#events.map((event) => ('build' in event ? event.build() : event.payload)));
    const occurredAt = new Date();
    await db.$storeQuery(insertEvents(JSON.stringify(this.#events.map(({ topic }, i) => ({ topic, payload: payloads[i] }))), occurredAt));
    noteWrittenEvents(this.#events.map(({ topic }, i) => ({ storeId: db.$storeId, topic, payload: payloads[i], occurredAt })));
  }
}

/** The events of `events` (a JSON array of topics and payloads) in their order, which their sequence keeps; all of one transaction share `createdAt`. */
const insertEvents = (events: string, createdAt: Date) => storeSql`
  INSERT INTO "OutboxEvent" ("id", "storeId", "topic", "payload", "createdAt")
  SELECT gen_random_uuid(), ${STORE}, e.event->>'topic', e.event->'payload', ${createdAt}::timestamptz
  FROM jsonb_array_elements(${events}::jsonb) WITH ORDINALITY AS e(event, at)
  ORDER BY e.at`;
