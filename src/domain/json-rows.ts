import { Prisma } from '../generated/prisma/client.js';

/**
 * Rows that PostgreSQL wrote as JSON (`to_json`, `json_agg`), read past Prisma, made what Prisma
 * answers for the same rows: JSON gives a number or a string where Prisma answers a Decimal or a
 * Date. A numeric comes as a JSON number: every one of these holds at most 12 significant digits,
 * which a double keeps exactly. A list column may be NULL in the table, which Prisma answers as an
 * empty list. A model whose columns are none of these (an option) needs no entry. Each model's entry is held to Prisma's own read of its rows by a test of the read that uses it
 * (test/domain/catalog/shown-rows.test.ts, test/domain/carts/cart-rows.test.ts), so a column added
 * without its kind fails there.
 */
export const rowKinds = {
  product: { decimals: ['price', 'compareAtPrice', 'priceMin', 'priceMax', 'rating'], dates: ['createdAt', 'updatedAt', 'deletedAt'] },
  variant: { decimals: ['price', 'compareAtPrice', 'weight'], dates: ['backorderReadyDate', 'createdAt', 'updatedAt'] },
  image: { decimals: [], dates: ['createdAt'] },
  category: { decimals: [], dates: ['createdAt', 'updatedAt'] },
  cart: { decimals: [], dates: ['lastValidatedAt', 'expiresAt', 'createdAt', 'updatedAt'], lists: ['promoCodes'] },
  cartItem: { decimals: ['seenPrice'], dates: ['createdAt', 'updatedAt'] },
} satisfies Record<string, RowKind>;

interface RowKind {
  decimals: string[];
  dates: string[];
  lists?: string[];
}

/** `row`, parsed from JSON, with its Decimal, Date and list columns made so, in place. */
export function revived<Row>(row: Record<string, unknown>, { decimals, dates, lists = [] }: RowKind): Row {
  for (const column of decimals) if (row[column] !== null) row[column] = new Prisma.Decimal(row[column] as number);
  for (const column of dates) if (row[column] !== null) row[column] = new Date(row[column] as string);
  for (const column of lists) row[column] ??= [];
  return row as Row;
}
