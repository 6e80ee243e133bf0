import type { Direction } from './keyset.js';

/**
 * How a merchant list with a polling feed is read: sorted by one of its fields, or the feed itself,
 * the rows changed after a time, oldest change first, in a fixed order.
 */
export type SortedOrChangedSince<Field extends string> = { kind: 'sorted'; by: Field; direction: Direction } | { kind: 'changedSince'; updatedAfter: Date };
