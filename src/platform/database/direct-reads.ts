import pg from 'pg';
import { Prisma } from '../../generated/prisma/client.js';
import type { Db } from './database.js';

/**
 * Store statements that only read, sent outside any transaction straight to the PostgreSQL pool
 * Prisma's adapter uses, past Prisma's raw-query runtime: that runtime cost a product page's one
 * statement about 0.75 ms of the process's CPU, five times what node-postgres takes to send it and
 * read its row. The statement, its checks, its store binding and its prepared name are the store
 * client's as before (store-statements.ts); only the sending differs. Counted with every other
 * statement (`Database.statementCount`). On the embedded engine there is no pool, and every store
 * statement goes through Prisma.
 */
export interface DirectReads {
  run<Row>(text: string, values: unknown[], name: string): Promise<Row[]>;
}

const int8 = 20;
const numeric = 1700;

/**
 * The column types a read past Prisma answers as Prisma's raw queries do (by PostgreSQL type id):
 * bool, int2, int4, text, json, float4, float8, varchar, timestamptz, uuid, jsonb, and arrays of
 * text, uuid and int4 as node-postgres gives them; int8 and numeric through the parsers below. Any
 * other (a date, a time, a timestamp without its zone, bytea, an array of bigints or numerics)
 * would come back otherwise, so a statement answering one is refused: cast the column, or read it
 * through Prisma.
 */
const answered = new Set([16, 20, 21, 23, 25, 114, 700, 701, 1043, 1184, 1700, 2950, 3802, 1009, 2951, 1007]);

/** Rows as Prisma's raw queries answer them: a bigint as a BigInt and a numeric as a Decimal, where node-postgres gives text. */
const asPrismaRows = {
  getTypeParser(oid: number, format?: string) {
    if (oid === int8) return (text: string) => BigInt(text);
    if (oid === numeric) return (text: string) => new Prisma.Decimal(text);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

/** A value as Prisma's adapter binds it: a Decimal as its digits and an instant in UTC, where node-postgres would write JSON and local time. */
function boundAsPrisma(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(boundAsPrisma);
  if (value instanceof Date) return value.toISOString();
  if (Prisma.Decimal.isDecimal(value)) return value.toString();
  return value;
}

export function directReads(pool: pg.Pool, counted: () => void): DirectReads {
  return {
    async run<Row>(text: string, values: unknown[], name: string): Promise<Row[]> {
      counted();
      const result = await pool.query({ text, values: values.map(boundAsPrisma), types: asPrismaRows, ...(name ? { name } : {}) });
      const odd = result.fields.find((field) => !answered.has(field.dataTypeID));
      if (odd)
        throw new Error(
          `A store statement read past Prisma answers "${odd.name}" of PostgreSQL type ${odd.dataTypeID}, which it would not answer as Prisma does: cast it.`,
        );
      return result.rows as Row[];
    },
  };
}

const readers = new WeakMap<Db, DirectReads>();

/** Sends the store statements of `db`'s store clients that read outside a transaction through `reads` (openDatabase does, on PostgreSQL). */
export function readDirectly(db: Db, reads: DirectReads) {
  readers.set(db, reads);
}

/** Where the store clients of `db` send their reads outside a transaction; none on the embedded engine. */
export function directReadsOf(db: Db): DirectReads | undefined {
  return readers.get(db);
}
