import pg from 'pg';

/** The channel the `bazaar_outbox_wake` trigger notifies (migration `webhook_outbox_wake`). */
export const OUTBOX_CHANNEL = 'bazaar_outbox';
/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * Calls `onWake` whenever a transaction that wrote outbox events or webhook deliveries commits, in
 * any process on this PostgreSQL: a trigger on both tables notifies, and PostgreSQL sends the
 * notification at commit only. A notification is not kept for a listener that is away, so after a
 * reconnect `onWake` is called once for whatever was missed; the relay's tick remains the fallback
 * for that gap and for deliveries that fall due later (retries). Answers the stop once listening,
 * or once the first attempt failed (it keeps trying, reporting each failure to `onError`).
 */
export async function listenForOutbox(connectionString: string, onWake: () => void, onError: (error: unknown) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: 'bazaar webhook relay' });
    next.on('notification', () => onWake());
    next.on('error', (error) => {
      if (stopped || client !== next) return;
      onError(error);
      client = null;
      void next.end().catch(() => undefined);
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      void next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) await next.end();
    else client = next;
  };
  const connect = async () => {
    try {
      await listen();
      onWake();
    } catch (error) {
      onError(error);
      if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
