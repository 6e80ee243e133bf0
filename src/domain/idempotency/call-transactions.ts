import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import type { Ctx } from '../context.js';
import { createLoaders, type Loaders } from '../loaders.js';

/** Written in the held transaction just before it commits. */
export type LastWrite = (db: StoreDb) => Promise<unknown>;

interface Held {
  db: StoreDb;
  loaders: Loaders;
  /** Lets the transaction end: commit after `LastWrite`, or roll back (`null`). */
  end(last: LastWrite | null): void;
  /** Settles when the transaction has ended. */
  ended: Promise<unknown>;
}

/** Thrown inside a held transaction to roll it back; never leaves this module. */
const rollBack = new Error('the idempotent call failed; its held transaction is rolled back');

/**
 * The database transactions of one idempotent call. Each domain transaction (`withTransaction`)
 * runs as usual, except that the last one stays open when its work is done: the call's answer is
 * built reading through it (`ctx.db` and `ctx.loaders` follow it), and the stored answer is written
 * in it just before it commits. So the write and its stored answer commit together, or neither
 * does. A later transaction of the same call first commits the held one, then is held in its turn.
 */
export class CallTransactions {
  #held: Held | undefined;
  /** The context the call runs with. */
  readonly ctx: Ctx;

  constructor(private readonly outer: Ctx) {
    const ctx: Ctx = { ...outer, transact: (fn) => this.#transact(fn) };
    // A catalogue snapshot is never read inside a transaction, and the held one is newer than it.
    this.ctx = Object.defineProperties(ctx, {
      db: { get: () => this.#held?.db ?? outer.db, enumerable: true },
      loaders: { get: () => this.#held?.loaders ?? outer.loaders, enumerable: true },
      catalog: { get: () => (this.#held ? undefined : outer.catalog), enumerable: true },
    });
  }

  /**
   * Commits the held transaction, with `last` written in it first; answers false when none is
   * held (the call wrote nothing in a transaction). A failure to commit is thrown: nothing of the
   * held transaction, `last` included, was written.
   */
  async commit(last?: LastWrite): Promise<boolean> {
    const held = this.#held;
    if (!held) return false;
    this.#held = undefined;
    held.end(last ?? (async () => undefined));
    await held.ended;
    return true;
  }

  /** Undoes the held transaction, if any: the call failed, so a retry finds its last write not done. */
  async rollBack(): Promise<void> {
    const held = this.#held;
    if (!held) return;
    this.#held = undefined;
    held.end(null);
    await held.ended.catch(() => undefined);
  }

  async #transact<T>(fn: (db: StoreDb) => Promise<T>): Promise<T> {
    await this.commit();
    return new Promise<T>((resolve, reject) => {
      let end!: Held['end'];
      const ending = new Promise<LastWrite | null>((settle) => (end = settle));
      let handedOver = false;
      const held = { end } as Held;
      held.ended = this.outer.transact(async (db) => {
        const result = await fn(db);
        Object.assign(held, { db, loaders: createLoaders(db, this.outer.now) });
        this.#held = held;
        handedOver = true;
        resolve(result);
        const last = await ending;
        if (!last) throw rollBack;
        await last(db);
      });
      // Before the hand-over a failure is the domain transaction's own; after it, `commit` reports it.
      held.ended.catch((error: unknown) => {
        if (!handedOver) reject(error);
      });
    });
  }
}
