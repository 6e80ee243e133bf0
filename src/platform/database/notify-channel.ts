import pg from 'pg';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * One channel of PostgreSQL's notifications (NOTIFY/LISTEN) between the processes of one database.
 * A notification is not kept for a listener that is away: one whose connection was lost hears
 * `onReconnect` once it listens again, so it can treat what it missed as unknown.
 */
export interface NotifyChannel {
  /**
   * Sends `payload` (at most 8000 bytes, PostgreSQL's limit) to every listener, this process's own
   * included. Payloads published while the channel's last statement is on its way go together in the
   * next, in order; one statement's identical payloads arrive once (PostgreSQL folds them), so every
   * user of a channel takes a repeat for nothing new.
   */
  publish(payload: string): Promise<void>;
  /** Calls `onPayload` for every notification; answers once the LISTEN has been taken, with the stop. */
  subscribe(onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

/** A channel of the database `pool` opens; each subscription holds a connection of its own, outside the pool. */
export function notifyChannel(pool: pg.Pool, connectionString: string, channel: string): NotifyChannel {
  return {
    publish: batchedNotifications(pool, channel),
    async subscribe(onPayload, onReconnect) {
      let client: pg.Client | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const listen = async (): Promise<void> => {
        const next = new pg.Client({ connectionString });
        next.on('notification', (message) => onPayload(message.payload ?? ''));
        next.on('error', () => {
          if (stopped || client !== next) return;
          client = null;
          void next.end().catch(() => undefined);
          retry = setTimeout(() => void reconnect(), RECONNECT_MS);
        });
        await next.connect();
        try {
          await next.query(`LISTEN ${channel}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        if (stopped) {
          await next.end().catch(() => undefined);
          return;
        }
        client = next;
      };
      const reconnect = async () => {
        try {
          await listen();
          onReconnect?.();
        } catch {
          if (!stopped) retry = setTimeout(() => void reconnect(), RECONNECT_MS);
        }
      };
      await listen();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      };
    },
  };
}

/** How many payloads one statement sends at most. */
const BATCH = 500;
/** How long a statement of notifications may take: past it, its publishes fail and the next ones go on. */
const NOTIFY_TIMEOUT_MS = 5000;

type Queued = { payload: string; sent: () => void; failed: (error: unknown) => void };

/**
 * Publishing one statement at a time per channel: under load (a store taking orders, each telling
 * the other processes of its stock write after commit) the payloads queued meanwhile share the next
 * statement instead of costing one each, and an idle channel sends at once. A statement PostgreSQL
 * refuses is sent again payload by payload, so one bad payload fails its own publish alone.
 */
function batchedNotifications(pool: pg.Pool, channel: string): (payload: string) => Promise<void> {
  const queue: Queued[] = [];
  let sending = false;
  const notify = (payloads: string[]) =>
    // node-postgres reads `query_timeout` of a query as of a client; its types know only the client's.
    pool.query({
      text: 'SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS sent(payload)',
      values: [channel, payloads],
      query_timeout: NOTIFY_TIMEOUT_MS,
    } as pg.QueryConfig);
  const sendEach = async (batch: Queued[]) => {
    for (const queued of batch) {
      try {
        await notify([queued.payload]);
        queued.sent();
      } catch (error) {
        queued.failed(error);
      }
    }
  };
  const send = async () => {
    sending = true;
    while (queue.length) {
      const batch = queue.splice(0, BATCH);
      try {
        await notify(batch.map((queued) => queued.payload));
        for (const queued of batch) queued.sent();
      } catch (error) {
        if (batch.length > 1) await sendEach(batch);
        else batch[0]!.failed(error);
      }
    }
    sending = false;
  };
  return (payload) =>
    new Promise<void>((sent, failed) => {
      queue.push({ payload, sent, failed });
      if (!sending) void send();
    });
}
