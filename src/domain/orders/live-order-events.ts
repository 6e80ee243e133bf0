import type { CommittedEvent } from '../committed-events.js';
import type { LiveOrderEvent } from '../../platform/live/live-events.js';
import type { OrderEvents } from './events.js';

const isOrderEvent = (event: CommittedEvent): event is CommittedEvent & { topic: keyof OrderEvents } => event.topic.startsWith('orders/');

/** The committed order events as live subscribers hear them: the store, the order's uuid, the topic and when. */
export function liveOrderEventsOf(events: readonly CommittedEvent[]): { storeId: string; event: LiveOrderEvent }[] {
  return events.filter(isOrderEvent).map((committed) => ({
    storeId: committed.storeId,
    event: {
      orderUid: (committed.payload as OrderEvents[keyof OrderEvents]).uid,
      topic: committed.topic,
      occurredAt: committed.occurredAt.toISOString(),
    },
  }));
}
