import { Prisma } from '../../src/generated/prisma/client.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../../src/generated/prisma/client.js';
import { nextOrderNumber, takeOrderNumber } from '../../src/domain/orders/order-numbers.js';
import type { TransactionCtx } from '../../src/domain/transaction.js';
import type { Database } from '../../src/platform/database/database.js';
import { directReadsOf } from '../../src/platform/database/direct-reads.js';
import { readingStock, type StockReads } from '../../src/platform/database/stock-reads.js';
import { storeClientOf, type ScopedClient } from '../../src/platform/database/store-scoped-client.js';
import { STORE, StoreStatement, columnsOf, prepared, preparedStatementName, storeSql } from '../../src/platform/database/store-statements.js';
import { TenancyViolation } from '../../src/platform/database/tenancy.js';
import { createProduct } from '../support/catalog.js';
import { makeStore, type TestStore } from '../support/stores.js';
import { openTestDatabase } from '../support/test-app.js';

// The sanctioned way to SQL by hand through a store's client (store-statements.ts): the store is
// bound by the client that runs the statement, never by the statement, and what a statement may
// name and write is checked when it is made.

let database: Database;
let mine: TestStore;
let theirs: TestStore;
let myProduct: Product;
let theirProduct: Product;
let db: ScopedClient;

beforeAll(async () => {
  database = await openTestDatabase();
  [mine, theirs] = [await makeStore(database), await makeStore(database)];
  myProduct = await createProduct(database, mine.store, { title: 'Mine', stock: 3 });
  theirProduct = await createProduct(database, theirs.store, { title: 'Theirs', stock: 4 });
  db = storeClientOf(database.prisma, mine.store.id);
});
afterAll(() => database.close());

const productsOfTheStore = storeSql<{ id: string }>`SELECT "id" FROM "Product" WHERE "storeId" = ${STORE} ORDER BY "pId"`;

describe('a store statement', () => {
  it('reads the store of the client that runs it, and only that one', async () => {
    expect(await db.$storeQuery(productsOfTheStore)).toEqual([{ id: myProduct.id }]);
    expect(await storeClientOf(database.prisma, theirs.store.id).$storeQuery(productsOfTheStore)).toEqual([{ id: theirProduct.id }]);
    // Naming another store's row by its id finds nothing: the statement's store is the client's.
    const byId = storeSql<{ id: string }>`SELECT "id" FROM "Product" WHERE "storeId" = ${STORE} AND "id" = ${theirProduct.id}::uuid`;
    expect(await db.$storeQuery(byId)).toEqual([]);
  });

  it('runs in the client’s transaction, and rolls back with it', async () => {
    const before = await database.prisma.storeCounter.count({ where: { storeId: mine.store.id } });
    await expect(
      db.$transaction(async (tx) => {
        await tx.$storeQuery(takeOrderNumber);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await database.prisma.storeCounter.count({ where: { storeId: mine.store.id } })).toBe(before);
  });

  it('is refused when it names no store, or a table no store owns, or writes what the response cache must hear of', () => {
    expect(() => db.$storeQuery(storeSql`SELECT "id" FROM "Product"`)).toThrow(TenancyViolation);
    expect(() => storeSql`SELECT "name" FROM "Store" WHERE "id" = ${STORE}`).toThrow(TenancyViolation);
    expect(() => storeSql`SELECT "email" FROM "CustomerAccount" WHERE ${STORE} IS NOT NULL`).toThrow(TenancyViolation);
    expect(() => storeSql`SELECT "value" FROM "ServerSetting" WHERE ${STORE} IS NOT NULL`).toThrow(TenancyViolation);
    expect(() => storeSql`UPDATE "Product" SET "title" = 'x' WHERE "storeId" = ${STORE}`).toThrow(TenancyViolation);
    expect(() => storeSql`DELETE FROM "Discount" WHERE "storeId" = ${STORE}`).toThrow(TenancyViolation);
    expect(() => columnsOf({ 'title" = 1; --': 1 })).toThrow(TenancyViolation);
  });

  it('is refused when SQL comes in as a value, or a table is named past the checks', () => {
    expect(() => storeSql`SELECT "id" FROM "Product" WHERE "storeId" = ${STORE} ${Prisma.raw('UNION SELECT "secretHash" FROM "ApiKey"')}`).toThrow(
      TenancyViolation,
    );
    expect(() => storeSql`SELECT "id" FROM "Product" WHERE "storeId" = ${STORE} AND "id" = ${Prisma.sql`"id"`}`).toThrow(TenancyViolation);
    expect(() => storeSql`UPDATE ONLY "Product" SET "title" = 'x' WHERE "storeId" = ${STORE}`).toThrow(TenancyViolation);
    expect(() => storeSql`INSERT INTO public."Product" ("storeId") VALUES (${STORE})`).toThrow(TenancyViolation);
    expect(() => storeSql`MERGE INTO "Product" p USING "Variant" v ON v."productId" = p."id" WHERE p."storeId" = ${STORE} WHEN MATCHED THEN DELETE`).toThrow(
      TenancyViolation,
    );
    expect(() => storeSql`TRUNCATE "Cart" -- ${STORE}`).toThrow(TenancyViolation);
  });

  it('is the only raw SQL a store’s client runs', async () => {
    await expect(db.$queryRaw`SELECT "id" FROM "Product"`).rejects.toBeInstanceOf(TenancyViolation);
    await expect(db.$executeRawUnsafe('DELETE FROM "Product"')).rejects.toBeInstanceOf(TenancyViolation);
    const forged = { bind: () => ({ sql: 'SELECT 1', values: [] }), namesStore: () => true };
    expect(() => db.$storeQuery(forged as never)).toThrow(TenancyViolation);
    expect(await database.prisma.product.count({ where: { storeId: { in: [mine.store.id, theirs.store.id] } } })).toBe(2);
  });

  it('binds an answer’s build to every stock write of its store when it reads stock', async () => {
    const reads: StockReads = { products: new Set(), bound: false };
    await readingStock(reads, () => db.$storeQuery(productsOfTheStore));
    expect(reads.bound).toBe(true);
  });

  it('follows the stock of the products it names alone when it declares them', async () => {
    const reads: StockReads = { products: new Set(), bound: false };
    await readingStock(reads, () => db.$storeQuery(productsOfTheStore, { stockOf: [myProduct.id] }));
    expect(reads).toEqual({ products: new Set([myProduct.id]), bound: false });
  });

  it('follows the stock of the products its rows name when it finds them itself', async () => {
    const reads: StockReads = { products: new Set(), bound: false };
    const rows = await readingStock(reads, () => db.$storeQuery(productsOfTheStore, { stockOf: (found) => found.map((row) => row.id) }));
    expect(rows).toEqual([{ id: myProduct.id }]);
    expect(reads).toEqual({ products: new Set([myProduct.id]), bound: false });
  });
});

describe('a store statement that reads, on PostgreSQL and on the embedded engine', () => {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
  const totals = storeSql<{ products: bigint; stock: number; total: Prisma.Decimal; titles: string[]; at: Date }>`
    SELECT count(*) AS products, sum("stock")::int AS stock, sum("price") AS total, array_agg("title" ORDER BY "pId") AS titles, max("createdAt") AS at
    FROM "Product" WHERE "storeId" = ${STORE}`;
  /** A run of `statement` through the store client, and whether it went past Prisma. */
  async function sent<T>(run: () => Promise<T>) {
    const direct = directReadsOf(database.prisma);
    const spy = direct ? vi.spyOn(direct, 'run') : undefined;
    const statements = database.statementCount();
    try {
      const rows = await run();
      return { rows, direct: spy?.mock.calls.length ?? 0, counted: database.statementCount() - statements };
    } finally {
      spy?.mockRestore();
    }
  }

  it('goes past Prisma outside a transaction on PostgreSQL only, counted like any statement', async () => {
    expect(await sent(() => db.$storeQuery(productsOfTheStore))).toEqual({ rows: [{ id: myProduct.id }], direct: onPostgres ? 1 : 0, counted: 1 });
  });

  it('answers the values Prisma answers: a bigint as a BigInt, a numeric as a Decimal, arrays and instants as such', async () => {
    const outside = await sent(() => db.$storeQuery(totals));
    const inside = await sent(() => db.$transaction((tx) => tx.$storeQuery(totals)));
    expect(inside.direct).toBe(0);
    expect(outside.rows).toEqual(inside.rows);
    expect(outside.rows).toEqual([{ products: 1n, stock: 3, total: new Prisma.Decimal(myProduct.price), titles: ['Mine'], at: myProduct.createdAt }]);
  });

  it('binds a Decimal and a Date as Prisma does', async () => {
    const at = new Date(Date.UTC(2026, 10, 27, 23, 30));
    const bound = storeSql<{ price: Prisma.Decimal; at: Date }>`
      SELECT ${new Prisma.Decimal('1.50')}::numeric AS price, ${at}::timestamptz AS at FROM "Product" WHERE "storeId" = ${STORE}`;
    const outside = await sent(() => db.$storeQuery(bound));
    expect(outside.rows).toEqual((await sent(() => db.$transaction((tx) => tx.$storeQuery(bound)))).rows);
    expect(outside.rows).toEqual([{ price: new Prisma.Decimal('1.50'), at }]);
  });

  it('is refused past Prisma when it answers a type Prisma would answer otherwise (a date), and says to cast it', async () => {
    const today = storeSql<{ today: Date }>`SELECT current_date AS today FROM "Product" WHERE "storeId" = ${STORE}`;
    if (onPostgres) await expect(db.$storeQuery(today)).rejects.toThrow(/"today" of PostgreSQL type 1082.*cast it/);
    else expect(await db.$storeQuery(today)).toHaveLength(1);
    expect(await db.$transaction((tx) => tx.$storeQuery(today))).toHaveLength(1);
  });

  it('reads inside a transaction through it: its own writes, not yet committed, are there', async () => {
    const counters = storeSql<{ value: number }>`SELECT "value" FROM "StoreCounter" WHERE "storeId" = ${STORE} AND "name" = 'order'`;
    const before = await db.$storeQuery(counters);
    const rolledBack = new Error('rolled back');
    let seen: Awaited<ReturnType<typeof sent<{ value: number }[]>>> | undefined;
    await expect(
      db.$transaction(async (tx) => {
        const [taken] = await tx.$storeQuery(takeOrderNumber);
        seen = await sent(() => tx.$storeQuery(counters));
        expect(seen.rows).toEqual([{ value: taken!.value }]);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(seen).toMatchObject({ direct: 0, counted: 1 });
    expect(await db.$storeQuery(counters)).toEqual(before);
  });
});

describe('a prepared store statement', () => {
  const sqlOf = (statement: StoreStatement<unknown>) => statement.bind(mine.store.id).sql;

  it('runs as the statement it wraps, again and again on one connection', async () => {
    const statement = prepared('test-products', productsOfTheStore);
    for (let run = 0; run < 7; run++) expect(await db.$storeQuery(statement)).toEqual([{ id: myProduct.id }]);
  });

  it('is prepared under its name and a digest of its text; any other query under none', () => {
    const name = preparedStatementName({ sql: sqlOf(prepared('test-products', productsOfTheStore)) });
    expect(name).toMatch(/^test-products-[0-9a-f]{16}$/);
    expect(preparedStatementName({ sql: sqlOf(prepared('test-products', productsOfTheStore)) })).toBe(name);
    const other = storeSql`SELECT "pId" FROM "Product" WHERE "storeId" = ${STORE}`;
    expect(preparedStatementName({ sql: sqlOf(prepared('test-products', other)) })).not.toBe(name);
    expect(preparedStatementName({ sql: sqlOf(productsOfTheStore) })).toBe('');
    expect(preparedStatementName({ sql: 'SELECT 1 /* prepared:test-products */' })).toBe('');
  });

  it('is refused a name that is not lower-case words and dashes', () => {
    expect(() => prepared('Products */ DROP', productsOfTheStore)).toThrow(TenancyViolation);
  });
});

describe('a store statement built again', () => {
  // Statements are built again on every request from the same templates: their text, checks and
  // prepared name are made once per shape (store-statements.ts) and only the values differ.
  const store = '00000000-0000-4000-8000-00000000000a';
  const byId = (id: unknown) => storeSql`SELECT id FROM "Product" WHERE "storeId" = ${STORE} AND id = ${id}`;
  const wrapping = (inner: StoreStatement<unknown>, limit: number) => storeSql`SELECT * FROM (${inner}) x LIMIT ${limit}`;

  it('shares its text and checks with every statement of its template, and binds its own values', () => {
    const [a, b] = [byId('a'), byId('b')];
    expect(a.shape).toBe(b.shape);
    expect(a.boundText(store)).toEqual({ text: b.boundText(store).text, name: '', values: [store, 'a'] });
    expect(b.boundText(store).values).toEqual([store, 'b']);
    const [x, y] = [prepared('test-shape', wrapping(a, 1)), prepared('test-shape', wrapping(b, 2))];
    expect(x.shape).toBe(y.shape);
    expect(x.boundText(store)).toEqual({
      text: '/* prepared:test-shape */ SELECT * FROM (SELECT id FROM "Product" WHERE "storeId" = $1::uuid AND id = $2) x LIMIT $3',
      name: preparedStatementName({ sql: x.boundText(store).text }),
      values: [store, 'a', 1],
    });
    expect(y.bind(store).values).toEqual([store, 'b', 2]);
  });

  it('has a text of its own when a statement, a column list or a value takes another’s place', () => {
    const names = storeSql`SELECT name FROM "Category" WHERE "storeId" = ${STORE}`;
    const selecting = (columns: ReturnType<typeof columnsOf>) => storeSql`SELECT ${columns} FROM "Product" WHERE "storeId" = ${STORE}`;
    const texts = [
      wrapping(byId('a'), 1),
      wrapping(names, 1),
      storeSql`SELECT * FROM (${byId('a')}) x LIMIT ${1}`,
      selecting(columnsOf({ id: 1 })),
      selecting(columnsOf({ slug: 1 })),
    ].map((statement) => statement.boundText(store).text);
    expect(texts[0]).toBe(texts[2]);
    expect(texts[1]).toContain('SELECT name FROM "Category"');
    expect(texts[3]).toBe('SELECT "id" FROM "Product" WHERE "storeId" = $1::uuid');
    expect(texts[4]).toBe('SELECT "slug" FROM "Product" WHERE "storeId" = $1::uuid');
    expect(new Set(texts).size).toBe(4);
    expect(selecting(columnsOf({ id: 1 })).boundText(store).values).toEqual([store]);
    expect(wrapping(byId('a'), 1).shape).not.toBe(wrapping(names, 1).shape);
    expect(wrapping(names, 1).shape.names).toEqual(new Set(['Category']));
  });

  it('keeps at most 2,000 shapes: past them it empties its tree, and a statement built before keeps its own', () => {
    // Strings a composer builds (json-sql.ts) are read by content, so each text below is a shape of its own.
    const numbered = (n: number) => new StoreStatement<unknown>([`SELECT ${n} AS n FROM "Product" WHERE "storeId" = `, ''], [STORE]);
    const first = numbered(0);
    expect(numbered(0).shape).toBe(first.shape);
    for (let n = 1; n <= 2_000; n += 1) numbered(n);
    expect(numbered(0).shape).not.toBe(first.shape);
    expect(first.boundText(store)).toEqual({ text: 'SELECT 0 AS n FROM "Product" WHERE "storeId" = $1::uuid', name: '', values: [store] });
  });

  it('is checked whenever it is built, not only the first time', () => {
    const of = (table: StoreStatement<unknown>) => storeSql`SELECT * FROM (${table}) x WHERE true`;
    expect(of(byId('a')).shape.names).toEqual(new Set(['Product']));
    expect(() => of(storeSql`SELECT * FROM "Store" WHERE id = ${STORE}`)).toThrow(TenancyViolation);
    expect(() => of(storeSql`SELECT * FROM "Store" WHERE id = ${STORE}`)).toThrow(TenancyViolation);
  });
});

describe('the order number statement', () => {
  it('counts each store’s orders on its own, from 1001', async () => {
    const [a, b] = [await makeStore(database), await makeStore(database)];
    const numbersOf = (store: TestStore) =>
      storeClientOf(database.prisma, store.store.id).$transaction((tx) => nextOrderNumber({ db: tx } as unknown as TransactionCtx));
    expect([await numbersOf(a), await numbersOf(a), await numbersOf(b), await numbersOf(a)]).toEqual([1001, 1002, 1001, 1003]);
    const counters = await database.prisma.storeCounter.findMany({
      where: { storeId: { in: [a.store.id, b.store.id] } },
      select: { storeId: true, name: true, value: true },
    });
    expect(counters.sort((x, y) => x.value - y.value)).toEqual([
      { storeId: b.store.id, name: 'order', value: 1001 },
      { storeId: a.store.id, name: 'order', value: 1003 },
    ]);
  });
});
