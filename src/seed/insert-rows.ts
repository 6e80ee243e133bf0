import type { Prisma } from '../generated/prisma/client.js';

type Tx = Prisma.TransactionClient;

/**
 * One INSERT whose rows travel as a single JSON parameter. Prisma's createMany spends about 2 ms of
 * CPU per seeded product building its statement, most of a bulk seed's time; here PostgreSQL turns
 * each JSON value into the column's type (numeric, timestamptz, jsonb, text[]), so the rows are the
 * ones createMany would write. The columns are the first row's keys: every row must have the same,
 * and a column they leave out gets its database default (Prisma-side defaults such as uuid() and
 * @updatedAt do not apply, so the rows must carry them).
 */
function insertStatement(table: string, rows: object[], returning: readonly string[]): string {
  const columns = Object.keys(rows[0]!)
    .map((c) => `"${c}"`)
    .join(', ');
  const tail = returning.length ? ` RETURNING ${returning.map((c) => `"${c}"`).join(', ')}` : '';
  return `INSERT INTO "${table}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table}", $1::json)${tail}`;
}

export async function insertRows(tx: Tx, table: string, rows: object[]): Promise<void> {
  if (rows.length) await tx.$executeRawUnsafe(insertStatement(table, rows, []), JSON.stringify(rows));
}

/** Inserts the rows and answers the asked columns of each, in no particular order. */
export async function insertRowsReturning<T>(tx: Tx, table: string, rows: object[], returning: readonly (keyof T & string)[]): Promise<T[]> {
  if (!rows.length) return [];
  return tx.$queryRawUnsafe<T[]>(insertStatement(table, rows, returning), JSON.stringify(rows));
}
