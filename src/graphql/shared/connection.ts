import type { KeysetPage, KeysetWindow } from '../../domain/pagination/keyset-page.js';
import { ApiError } from '../../platform/errors/api-error.js';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

/** Relay arguments as the domain's keyset window: `first`/`after` forwards, `last`/`before` backwards. */
export function windowOf(args: ConnectionArgs, max: number, fallback: number): KeysetWindow {
  if (args.first != null && args.last != null) throw ApiError.invalidField('first', 'Send first or last, not both.');
  const size = args.first ?? args.last ?? fallback;
  if (size < 1 || size > max) throw ApiError.invalidField(args.last != null ? 'last' : 'first', `must be between 1 and ${max}`);
  return { size, after: args.after, before: args.before, fromEnd: args.last != null };
}

/** A Relay connection of a keyset page, each row shown as `nodeOf` makes it (the row itself when left out). */
export function connectionOf<Row, Node = Row>(page: KeysetPage<Row>, nodeOf: (row: Row, index: number) => Node = (row) => row as unknown as Node) {
  return edgesConnection(
    page.rows.map((row, i) => ({ node: nodeOf(row, i), cursor: page.cursorOf(row) })),
    page,
  );
}

/** A Relay connection of edges already cursored, with the page's directions. */
export function edgesConnection<Node>(edges: { node: Node; cursor: string }[], page: { hasNextPage: boolean; hasPreviousPage: boolean }) {
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
