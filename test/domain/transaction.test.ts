import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Product, Store } from '../../src/generated/prisma/client.js';
import { createContext, type Ctx } from '../../src/domain/context.js';
import { withTransaction } from '../../src/domain/transaction.js';
import { onCommittedEvents } from '../../src/domain/committed-events.js';
import { onCommitSignal } from '../../src/platform/database/commit-signals.js';
import type { Database } from '../../src/platform/database/database.js';
import { MemoryKv } from '../../src/platform/kv/memory-kv.js';
import { createProduct } from '../support/catalog.js';
import { testMediaServices } from '../support/media.js';
import { makeStore } from '../support/stores.js';
import { openTestDatabase } from '../support/test-app.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const media = testMediaServices();

async function storeContext(): Promise<{ store: Store; ctx: () => Ctx }> {
  const { store } = await makeStore(database);
  const ctx = () =>
    createContext({
      db: database.prisma,
      kv: new MemoryKv(),
      media,
      store,
      principal: { keyId: 'test', kind: 'private', mode: 'live', scopes: new Set(), installation: null },
      settings: { cartTtlDays: 30, publicUrl: 'http://localhost', outboundAllow: [] },
      requestId: 'req_test',
      log: pino({ level: 'silent' }),
      secret: 'test-secret',
    });
  return { store, ctx };
}

/** The outbox as the relay will read it, with the unscoped client. */
const eventsOf = async (store: Store) =>
  (await database.prisma.outboxEvent.findMany({ where: { storeId: store.id }, orderBy: { sequence: 'asc' } })).map(
    ({ storeId, topic, payload, publishedAt }) => ({
      storeId,
      topic,
      payload,
      publishedAt,
    }),
  );

const titleOf = async (product: Product) => (await database.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).title;

class Boom extends Error {}

describe('a committed transaction', () => {
  it('keeps its writes and writes its events, in order, with its store, topic and payload', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Before' });
    const result = await withTransaction(ctx(), async (tx) => {
      await tx.db.product.update({ where: { id: product.id }, data: { title: 'After' } });
      tx.outbox.append({ topic: 'discounts/update', payload: { id: `é ${product.id}` } });
      tx.outbox.append({ topic: 'collections/update', payload: { id: product.id } });
      tx.outbox.append({ topic: 'discounts/update', payload: { id: product.id } });
      return 'done';
    });
    expect(result).toBe('done');
    expect(await titleOf(product)).toBe('After');
    expect(await eventsOf(store)).toEqual([
      { storeId: store.id, topic: 'discounts/update', payload: { id: `é ${product.id}` }, publishedAt: null },
      { storeId: store.id, topic: 'collections/update', payload: { id: product.id }, publishedAt: null },
      { storeId: store.id, topic: 'discounts/update', payload: { id: product.id }, publishedAt: null },
    ]);
    // One statement writes them: they share the time they were written.
    const times = await database.prisma.outboxEvent.findMany({ where: { storeId: store.id }, select: { createdAt: true } });
    expect(new Set(times.map((t) => t.createdAt.getTime())).size).toBe(1);
  });

  it('writes no event when none was appended', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Quiet' });
    await withTransaction(ctx(), (tx) => tx.db.product.update({ where: { id: product.id }, data: { title: 'Still quiet' } }));
    expect(await eventsOf(store)).toEqual([]);
  });

  it('refuses an event appended after the commit, which would otherwise be lost', async () => {
    const { store, ctx } = await storeContext();
    const leaked = await withTransaction(ctx(), async (tx) => tx);
    expect(() => leaked.outbox.append({ topic: 'collections/create', payload: { id: store.id } })).toThrow(/after its transaction committed/);
    expect(await eventsOf(store)).toEqual([]);
  });
});

describe('an error thrown inside the transaction', () => {
  it('rolls back the write and writes none of its events, and reaches the caller unchanged', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Kept' });
    const boom = new Boom('no');
    await expect(
      withTransaction(ctx(), async (tx) => {
        await tx.db.product.update({ where: { id: product.id }, data: { title: 'Lost' } });
        tx.outbox.append({ topic: 'collections/update', payload: { id: product.id } });
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await titleOf(product)).toBe('Kept');
    expect(await eventsOf(store)).toEqual([]);
  });

  it('rolls back when the database refuses a write, too', async () => {
    const { store, ctx } = await storeContext();
    const [first, second] = [await createProduct(database, store, { title: 'One' }), await createProduct(database, store, { title: 'Two' })];
    await expect(
      withTransaction(ctx(), async (tx) => {
        await tx.db.product.update({ where: { id: first.id }, data: { title: 'Renamed' } });
        tx.outbox.append({ topic: 'collections/update', payload: { id: first.id } });
        await tx.db.product.update({ where: { id: second.id }, data: { slug: first.slug } });
      }),
    ).rejects.toMatchObject({ code: 'P2002' });
    expect(await titleOf(first)).toBe('One');
    expect(await eventsOf(store)).toEqual([]);
  });
});

describe('the events and the write they report', () => {
  it('commit together: an event that cannot be written undoes the write', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Together' });
    await expect(
      withTransaction(ctx(), async (tx) => {
        await tx.db.product.update({ where: { id: product.id }, data: { title: 'Alone' } });
        // PostgreSQL's jsonb refuses a NUL character, so this event fails when it is written, at commit.
        tx.outbox.append({ topic: 'collections/update', payload: { id: 'nul\u0000' } });
      }),
    ).rejects.toThrow(/unsupported Unicode escape sequence/);
    expect(await titleOf(product)).toBe('Together');
    expect(await eventsOf(store)).toEqual([]);
  });
});

describe('reads inside the transaction', () => {
  it('go through it: the client and fresh loaders see its own uncommitted writes', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Shirt', variants: [{ title: 'S', optionValues: { Size: 'S' }, price: '10.00' }] });
    const outer = ctx();
    expect((await outer.loaders.variantsByProduct.load(product.id)).map((v) => v.price.toFixed(2))).toEqual(['10.00']);
    await withTransaction(outer, async (tx) => {
      expect(tx.loaders).not.toBe(outer.loaders);
      await tx.db.variant.updateMany({ where: { productId: product.id }, data: { price: '12.00' } });
      // A read outside the transaction would not see the new price on PostgreSQL, and would wait for the commit on PGlite.
      expect((await tx.loaders.variantsByProduct.load(product.id)).map((v) => v.price.toFixed(2))).toEqual(['12.00']);
      expect((await tx.db.product.findUniqueOrThrow({ where: { id: product.id }, include: { variants: true } })).variants[0]!.price.toFixed(2)).toBe('12.00');
    });
  });

  it('stay within the store', async () => {
    const { ctx } = await storeContext();
    const other = await storeContext();
    const theirs = await createProduct(database, other.store, { title: 'Theirs' });
    await withTransaction(ctx(), async (tx) => {
      expect(await tx.db.product.findUnique({ where: { id: theirs.id } })).toBeNull();
      expect(await tx.loaders.variantsByProduct.load(theirs.id)).toEqual([]);
    });
  });
});

describe('a nested withTransaction', () => {
  it('joins the outer transaction: same client, same outbox, events in the order appended', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Nested' });
    await withTransaction(ctx(), async (outer) => {
      outer.outbox.append({ topic: 'collections/create', payload: { id: product.id } });
      await withTransaction(outer, async (inner) => {
        expect(inner.db).toBe(outer.db);
        expect(inner.outbox).toBe(outer.outbox);
        await inner.db.product.update({ where: { id: product.id }, data: { title: 'Inner' } });
        inner.outbox.append({ topic: 'collections/update', payload: { id: product.id } });
      });
      outer.outbox.append({ topic: 'discounts/update', payload: { id: product.id } });
    });
    expect(await titleOf(product)).toBe('Inner');
    expect((await eventsOf(store)).map((e) => e.topic)).toEqual(['collections/create', 'collections/update', 'discounts/update']);
  });

  it('rolls back with the outer transaction, events and all', async () => {
    const { store, ctx } = await storeContext();
    const product = await createProduct(database, store, { title: 'Outer' });
    await expect(
      withTransaction(ctx(), async (outer) => {
        await withTransaction(outer, async (inner) => {
          await inner.db.product.update({ where: { id: product.id }, data: { title: 'Inner' } });
          inner.outbox.append({ topic: 'collections/update', payload: { id: product.id } });
        });
        throw new Boom('after the inner one');
      }),
    ).rejects.toBeInstanceOf(Boom);
    expect(await titleOf(product)).toBe('Outer');
    expect(await eventsOf(store)).toEqual([]);
  });
});

describe('events of another store', () => {
  it('are not visible through a store’s client', async () => {
    const mine = await storeContext();
    const theirs = await storeContext();
    const [own, other] = [await createProduct(database, mine.store, { title: 'Mine' }), await createProduct(database, theirs.store, { title: 'Theirs' })];
    await withTransaction(mine.ctx(), async (tx) => tx.outbox.append({ topic: 'collections/update', payload: { id: own.id } }));
    await withTransaction(theirs.ctx(), async (tx) => tx.outbox.append({ topic: 'collections/update', payload: { id: other.id } }));

    const seen = await mine.ctx().db.outboxEvent.findMany();
    expect(seen.map((e) => ({ storeId: e.storeId, payload: e.payload }))).toEqual([{ storeId: mine.store.id, payload: { id: own.id } }]);
    expect(await eventsOf(theirs.store)).toHaveLength(1);
  });
});

describe('live listeners of committed events', () => {
  it('hear a transaction’s events once it has committed, and never those of one rolled back', async () => {
    const { store, ctx } = await storeContext();
    const heard: { storeId: string; topic: string; payload: unknown }[][] = [];
    const stop = onCommittedEvents(database.prisma, (events) => heard.push(events.map(({ storeId, topic, payload }) => ({ storeId, topic, payload }))));
    try {
      await expect(
        withTransaction(ctx(), async (tx) => {
          tx.outbox.append({ topic: 'collections/update', payload: { id: 'first' } });
          // The events are written at the end of the work; the commit is what is still to come.
          throw new Boom('after the write');
        }),
      ).rejects.toBeInstanceOf(Boom);
      await withTransaction(ctx(), async (tx) => {
        tx.outbox.append({ topic: 'collections/update', payload: { id: 'second' } });
        expect(heard).toEqual([]);
      });
      expect(heard).toEqual([[{ storeId: store.id, topic: 'collections/update', payload: { id: 'second' } }]]);
    } finally {
      stop();
    }
  });
});

describe('the relay’s wake-up', () => {
  it('is the outbox signal, raised for a transaction’s events once it has committed, never for one rolled back', async () => {
    const { store, ctx } = await storeContext();
    const woken: string[] = [];
    const stop = onCommitSignal(database.prisma, 'outbox', (storeId) => void woken.push(storeId));
    try {
      await expect(
        withTransaction(ctx(), async (tx) => {
          tx.outbox.append({ topic: 'collections/update', payload: { id: 'rolled back' } });
          throw new Boom('after the write');
        }),
      ).rejects.toBeInstanceOf(Boom);
      await withTransaction(ctx(), async (tx) => {
        tx.outbox.append({ topic: 'collections/update', payload: { id: 'committed' } });
        tx.outbox.append({ topic: 'discounts/update', payload: { id: 'committed' } });
      });
      expect(woken).toEqual([store.id]);
    } finally {
      stop();
    }
  });
});
