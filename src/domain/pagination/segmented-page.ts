import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { decodeCursor, encodeCursor, type CursorBinding, type SortValue } from './cursor.js';
import type { FetchArgs } from './keyset-page.js';
import { beyondKey, isValidKey, keyOf, orderByOf, type KeysetSort } from './keyset.js';

/** One run of a list: its own rows, condition and keyset sort. */
export interface Segment<Row, Out> {
  sort: KeysetSort<Row>;
  where: Record<string, unknown>;
  fetch(args: FetchArgs): Promise<Row[]>;
  /** What the list answers for a row of this run. */
  output(row: Row): Out;
}

export interface SegmentedPage<Out> {
  items: Out[];
  /** Each item's cursor, the next page starting after it. */
  cursors: string[];
  hasNextPage: boolean;
  nextCursor: string | null;
}

/**
 * A keyset walk over a list made of runs one after the other (pinned rows, then the rest; in-stock,
 * then out of stock): each run has its own sort ending in a unique tie-breaker, and the cursor
 * names the run and the key within it, so no row is skipped or repeated while rows are added.
 * A page reads one statement per run from the cursor's run on, whatever its size.
 */
// Runs of different row types share one list, so it holds them loosely; `segment` checks each one as it is built.
export type AnySegment<Out> = Segment<any, Out>;

export const segment = <Row, Out>(s: Segment<Row, Out>): AnySegment<Out> => s;

export async function segmentedPage<Out>(
  ctx: Ctx,
  binding: CursorBinding,
  segments: AnySegment<Out>[],
  window: { size: number; after?: string | null },
): Promise<SegmentedPage<Out>> {
  let start = 0;
  let key: SortValue[] | null = null;
  if (window.after) {
    const raw = decodeCursor(ctx.secret, binding, window.after, ctx.now.getTime(), 'after');
    const run = raw[0];
    if (typeof run !== 'number' || !Number.isInteger(run) || run < 0 || run >= segments.length || !isValidKey(segments[run]!.sort, raw.slice(1))) {
      throw new ApiError('starting_after_invalid', 'The cursor is not a cursor this API issued.', { fieldErrors: { after: ['is malformed'] } });
    }
    start = run;
    key = raw.slice(1);
  }
  // Every remaining run is read at once, each for a whole page: the statement count then depends on
  // the runs left, never on the page size, at the price of reading rows a later page reads again.
  const runs = await Promise.all(
    segments.slice(start).map((s, offset) => {
      const where = offset === 0 && key ? { AND: [s.where, beyondKey(s.sort, key)] } : s.where;
      return s.fetch({ where, orderBy: orderByOf(s.sort), take: window.size + 1 });
    }),
  );
  const found = runs.flatMap((rows, offset) => rows.map((row) => ({ run: start + offset, row: row as unknown })));
  const page = found.slice(0, window.size);
  const now = ctx.now.getTime();
  const cursors = page.map(({ run, row }) => encodeCursor(ctx.secret, binding, [run, ...keyOf(segments[run]!.sort, row)], now));
  const hasNextPage = found.length > window.size;
  return {
    items: page.map(({ run, row }) => segments[run]!.output(row)),
    cursors,
    hasNextPage,
    nextCursor: hasNextPage ? (cursors[cursors.length - 1] ?? null) : null,
  };
}
