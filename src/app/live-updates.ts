import { onCommittedEvents } from '../domain/committed-events.js';
import { liveOrderEventsOf } from '../domain/orders/live-order-events.js';
import type { Db } from '../platform/database/database.js';
import type { LiveEvents } from '../platform/live/live-events.js';

/**
 * Publishes this process's committed order events to live subscribers: after the commit only, so
 * a rolled-back write is never heard of. Other processes hear them through Redis when the live
 * events are shared. Answers the stop.
 */
export function publishLiveOrderEvents(db: Db, live: LiveEvents): () => void {
  return onCommittedEvents(db, (events) => {
    for (const { storeId, event } of liveOrderEventsOf(events)) live.publish(storeId, event);
  });
}
