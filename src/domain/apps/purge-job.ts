import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database/database.js';
import { storeClientOf } from '../../platform/database/store-scoped-client.js';
import { periodicPass } from '../../platform/periodic-pass.js';
import { withdrawImportedReviews } from '../reviews/withdraw-imports.js';
import { transactorOf } from '../transactor.js';
import { UNINSTALLED_RETENTION_DAYS } from './retention.js';

const DAY_MS = 86_400_000;

export interface AppDataPurge {
  /** One pass at `now`: deletes records past their definition's `retention_days`, and installations uninstalled longer than the retention period with everything they own. */
  runOnce(now?: Date): Promise<{ records: number; installations: number }>;
  /** Runs a pass every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops and waits for the pass under way. */
  stop(): Promise<void>;
}

/**
 * The scheduled purge of app data, for every store the process serves: a delete needs no store's
 * view, and several processes running it at once delete each row once (the other deletes find it gone).
 */
export function appDataPurge(db: Db, log: FastifyBaseLogger): AppDataPurge {
  const loop = periodicPass((error) => log.error({ err: error }, 'app data purge failed'));

  async function pass(now: Date) {
    const records = await db.collectedRecord.deleteMany({ where: { expiresAt: { lte: now } } });
    const cutoff = new Date(now.getTime() - UNINSTALLED_RETENTION_DAYS * DAY_MS);
    const due = await db.appInstallation.findMany({ where: { uninstalledAt: { lte: cutoff } }, select: { id: true, storeId: true } });
    // Its imported reviews leave through the reviews context first, which takes them off the ratings they count in.
    for (const installation of due) {
      const storeDb = storeClientOf(db, installation.storeId);
      await withdrawImportedReviews({ db: storeDb, now, transact: transactorOf(db, storeDb) }, installation.id, cutoff);
    }
    // The installation's setup sheet, alerts, requirements, definitions and records go with it (ON DELETE CASCADE).
    const installations = await db.appInstallation.deleteMany({ where: { id: { in: due.map((i) => i.id) }, uninstalledAt: { lte: cutoff } } });
    return { records: records.count, installations: installations.count };
  }

  return {
    runOnce: (now = new Date()) => loop.runOnce(() => pass(now)),
    start: (intervalMs = 600_000) => loop.start(() => pass(new Date()), intervalMs),
    stop: () => loop.stop(),
  };
}
