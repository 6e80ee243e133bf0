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

/** Rows as Prisma's raw queries answer them: a bigint as a BigInt and a numeric as a Decimal, where node-postgres gives text. */
const asPrismaRows = {
  getTypeParser(oid: number, format?: string) {
    if (oid === int8) return (text: string) => BigInt(text);
    if (oid === numeric) return (text: string) => new Prisma.Decimal(text);
    return pg.types.getTypeParser(oid, format as 'text');
  },
} as pg.CustomTypesConfig;

export function directReads(pool: pg.Pool, counted: () => void): DirectReads {
  return {
    async run<Row>(text: string, values: unknown[], name: string): Promise<Row[]> {
      counted();
      const result = await pool.query({ text, values, types: asPrismaRows, ...(name ? { name } : {}) });
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
