import type { Db } from '../../platform/database/database.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import type { Kv, Tally } from '../../platform/kv/kv.js';
import { inStoreTransaction } from '../store-transaction.js';
import { pageKinds, parseTallyKey, sketchKey, startOfDay, tallyIndex, type PageKind } from './page-views.js';

/** One store's counts of one hour, as a flush adds them to PostgreSQL. */
export interface HourCounts {
  hour: Date;
  views: Record<PageKind, number>;
  /** Product uuid (or the slug a read named, before resolving) → views. */
  products: Map<string, number>;
  referrers: Map<string, number>;
  /** The hour's unique visitor estimate, and its day's; a flush raises stored ones, never lowers them. */
  visitors: number;
  dayVisitors: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function hourCountsOf(tally: Tally, hour: Date): HourCounts {
  const views = Object.fromEntries(pageKinds.map((kind) => [kind, tally.counts[`v:${kind}`] ?? 0])) as Record<PageKind, number>;
  const products = new Map<string, number>();
  const referrers = new Map<string, number>();
  for (const [name, count] of Object.entries(tally.counts)) {
    if (name.startsWith('p:')) products.set(name.slice(2), count);
    if (name.startsWith('r:')) referrers.set(name.slice(2), count);
  }
  return { hour, views, products, referrers, visitors: 0, dayVisitors: 0 };
}

/** Product reads name a slug or a uuid; the top list keeps the product's uuid. Names of no product (a read that failed later) are dropped. */
async function resolveProducts(db: StoreDb, hours: HourCounts[]) {
  const named = [...new Set(hours.flatMap((h) => [...h.products.keys()]))];
  if (!named.length) return;
  const uuids = named.filter((name) => uuidPattern.test(name));
  const found = await db.product.findMany({ where: { OR: [{ slug: { in: named } }, { id: { in: uuids } }] }, select: { id: true, slug: true } });
  const idOf = new Map<string, string>();
  for (const product of found) {
    idOf.set(product.slug, product.id);
    idOf.set(product.id, product.id);
  }
  for (const counts of hours) {
    const resolved = new Map<string, number>();
    for (const [name, views] of counts.products) {
      const id = idOf.get(name);
      if (id) resolved.set(id, (resolved.get(id) ?? 0) + views);
    }
    counts.products = resolved;
  }
}

/**
 * Adds one store's hours to its traffic tables, in one transaction. Rows are made with
 * ON CONFLICT DO NOTHING and then incremented, so two processes flushing the same hour at once
 * both add (neither fails on the unique row, neither overwrites the other).
 */
export async function addHours(db: StoreDb, hours: HourCounts[]) {
  await resolveProducts(db, hours);
  await db.trafficHour.createMany({ data: hours.map(({ hour }) => ({ storeId: db.$storeId, hour })), skipDuplicates: true });
  const days = new Map<number, number>();
  for (const counts of hours) {
    const day = startOfDay(counts.hour).getTime();
    days.set(day, Math.max(days.get(day) ?? 0, counts.dayVisitors));
  }
  await db.trafficDay.createMany({ data: [...days.keys()].map((day) => ({ storeId: db.$storeId, day: new Date(day) })), skipDuplicates: true });
  const tops = hours.flatMap(({ hour, products, referrers }) => [
    ...[...products].map(([value, views]) => ({ hour, dimension: 'product', value, views })),
    ...[...referrers].map(([value, views]) => ({ hour, dimension: 'referrer', value, views })),
  ]);
  if (tops.length)
    await db.trafficTop.createMany({
      data: tops.map(({ hour, dimension, value }) => ({ storeId: db.$storeId, hour, dimension, value })),
      skipDuplicates: true,
    });
  for (const { hour, views, visitors } of hours) {
    await db.trafficHour.updateMany({
      where: { hour },
      data: {
        home: { increment: views.home },
        product: { increment: views.product },
        collection: { increment: views.collection },
        post: { increment: views.post },
      },
    });
    await db.trafficHour.updateMany({ where: { hour, visitors: { lt: visitors } }, data: { visitors } });
  }
  for (const [day, visitors] of days) await db.trafficDay.updateMany({ where: { day: new Date(day), visitors: { lt: visitors } }, data: { visitors } });
  for (const { hour, dimension, value, views } of tops)
    await db.trafficTop.updateMany({ where: { hour, dimension, value }, data: { views: { increment: views } } });
}

/**
 * Moves every buffered tally into PostgreSQL: the tallies are taken out of the KV atomically (so two
 * processes sharing Redis never add one twice), the visitor sketches are read as they stand, and a
 * store whose write fails gets its counts put back for the next flush. Answers the views moved.
 */
export async function flushTraffic(db: Db, kv: Kv): Promise<number> {
  const byStore = new Map<string, { tally: Tally; counts: HourCounts }[]>();
  for (const tally of await kv.takeTallies(tallyIndex)) {
    const parsed = parseTallyKey(tally.key);
    if (!parsed) continue;
    const counts = hourCountsOf(tally, parsed.hour);
    // The tallies are taken already: a sketch that cannot be read leaves the stored estimate as it is rather than lose the views.
    counts.visitors = await kv.sketchCount(sketchKey(parsed.storeId, 'hour', parsed.hour)).catch(() => 0);
    counts.dayVisitors = await kv.sketchCount(sketchKey(parsed.storeId, 'day', startOfDay(parsed.hour))).catch(() => 0);
    byStore.set(parsed.storeId, [...(byStore.get(parsed.storeId) ?? []), { tally, counts }]);
  }
  let moved = 0;
  let failure: unknown;
  for (const [storeId, entries] of byStore) {
    try {
      await inStoreTransaction(db, storeId, (tx) =>
        addHours(
          tx,
          entries.map((e) => e.counts),
        ),
      );
      moved += entries.reduce((sum, { counts }) => sum + pageKinds.reduce((n, kind) => n + counts.views[kind], 0), 0);
    } catch (error) {
      // A store deleted since its reads leaves nothing to keep; any other failure is retried by the next flush.
      if (!(await db.store.count({ where: { id: storeId } }))) continue;
      for (const { tally } of entries) await kv.addToTally(tallyIndex, tally.key, tally.counts);
      failure ??= error;
    }
  }
  if (failure) throw failure;
  return moved;
}
