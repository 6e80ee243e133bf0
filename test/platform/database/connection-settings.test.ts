import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/platform/database/database.js';
import { openTestDatabase } from '../../support/test-app.js';

// What every connection of the pool is set to before its first statement (connection-settings.ts, database.ts).

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('a connection of the pool (PostgreSQL)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('runs without JIT, on its first statement and in a transaction alike', async () => {
    const [first] = await database.prisma.$queryRaw<{ jit: string }[]>`SHOW jit`;
    expect(first).toEqual({ jit: 'off' });
    const inTransactions = await Promise.all(Array.from({ length: 6 }, () => database.prisma.$transaction((tx) => tx.$queryRaw<{ jit: string }[]>`SHOW jit`)));
    expect(inTransactions.flat()).toEqual(Array.from({ length: 6 }, () => ({ jit: 'off' })));
  });
});
