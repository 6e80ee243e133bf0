import type { Db } from '../../platform/database/database.js';
import type { Kv } from '../../platform/kv/kv.js';
import { periodicPass } from '../../platform/periodic-pass.js';
import { flushTraffic } from './flush-traffic.js';
import type { PageView } from './page-views.js';
import { TrafficCounter, type CounterLog } from './traffic-counter.js';

export interface TrafficOptions {
  /** `TRAFFIC_COUNTING`: false records nothing. */
  counting: boolean;
  /** `TRAFFIC_FLUSH_S` in milliseconds. */
  flushIntervalMs: number;
  log: CounterLog & { error(details: object, message: string): void };
}

/** A process's traffic analytics: the read path records, a background pass flushes every `flushIntervalMs`. */
export interface Traffic {
  record(view: PageView): void;
  /** Waits for the views in flight, then moves every buffered count into PostgreSQL; answers how many views it moved. */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function openTraffic(db: Db, kv: Kv, options: TrafficOptions): Traffic {
  const counter = new TrafficCounter(kv, options.log);
  const loop = periodicPass((error) => options.log.error({ err: error }, 'traffic flush failed'));
  // One flush at a time in a process, so a flush asked for (by a test, at shutdown) also waits for a scheduled one under way.
  let queue: Promise<unknown> = Promise.resolve();
  const flush = () => {
    const run = queue.then(async () => {
      await counter.settled();
      return flushTraffic(db, kv);
    });
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    record: (view) => {
      if (options.counting) counter.record(view);
    },
    flush,
    start: () => loop.start(flush, options.flushIntervalMs),
    async stop() {
      await loop.stop();
      // What is still buffered goes in now: a process that stops keeps none of its counts to itself.
      await flush().catch((error: unknown) => options.log.error({ err: error }, 'traffic flush at shutdown failed'));
    },
  };
}
