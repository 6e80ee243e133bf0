/** How often the row is looked for again when the one that beat our insert is gone before we read it. */
const attempts = 3;

/**
 * A create-if-absent that holds under concurrency, inside the caller's transaction. `find` reads
 * (or locks and changes) the row that holds the unique key; `insert` is a `createManyAndReturn`
 * with `skipDuplicates` (INSERT … ON CONFLICT DO NOTHING RETURNING), which waits for a concurrent
 * insert of the same key and then skips instead of failing on the unique index (a failed statement
 * would abort the whole transaction, and the request would answer 500). When it skips, `find`
 * reads the winner's row, committed by then. Every concurrent caller so ends with the one row;
 * `created` is true for the one whose insert made it.
 */
export async function findOrInsert<T>(find: () => Promise<T | null>, insert: () => Promise<T[]>): Promise<{ row: T; created: boolean }> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const found = await find();
    if (found) return { row: found, created: false };
    const [inserted] = await insert();
    if (inserted) return { row: inserted, created: true };
  }
  throw new Error(`findOrInsert: the row was deleted under every one of ${attempts} attempts to create or read it`);
}
