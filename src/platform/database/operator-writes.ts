import type { Db } from './database.js';
import { catalogWriteOf } from './catalog-models.js';
import { EVERY_STORE, noteCatalogWrite } from './catalog-writes.js';
import { stockReadsOfBuild } from './stock-reads.js';
import { withRelationStrategy } from './relation-strategy.js';

const unannounced = new WeakMap<Db, Db>();

/**
 * The unscoped client, announcing its own catalogue writes as changes to every store: it cannot
 * tell whose rows an operator's write touched. Writes inside an operator's transaction are
 * announced as each is made; one that must be seen only once complete (a seed) announces again
 * at its end. Store clients are built on the client underneath, so their writes are announced
 * once, for their own store.
 */
export function announcingOperatorWrites(raw: Db): Db {
  let extended: Db;
  extended = raw.$extends({
    name: 'operator-catalog-writes',
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          const planned = withRelationStrategy(operation, args);
          const scope = catalogWriteOf(model, operation);
          return scope ? noteCatalogWrite(extended, EVERY_STORE, query(planned), scope) : query(planned);
        },
      },
      // SQL by hand says nothing of which products' stock it read: an answer built with it goes stale with every stock write of its store.
      $queryRaw: ({ args, query }) => (bindBuild(), query(args)),
      $queryRawUnsafe: ({ args, query }) => (bindBuild(), query(args)),
    },
  }) as unknown as Db;
  unannounced.set(extended, raw);
  return extended;
}

/** The client underneath `announcingOperatorWrites`, for store clients, which announce their writes themselves. */
export function unannouncedClientOf(db: Db): Db {
  return unannounced.get(db) ?? db;
}

function bindBuild() {
  const reads = stockReadsOfBuild();
  if (reads) reads.bound = true;
}
