import { LRUCache } from 'lru-cache';
import { nextCatalogBoundary } from './catalog-boundary.js';
import type { Ctx } from '../../domain/context.js';
import type { Surface } from '../../platform/errors/error-codes.js';
import { readingStock } from '../../platform/database/stock-reads.js';
import { CachedAnswers, type CachedAnswer } from './cached-answers.js';
import type { CatalogVersions } from './catalog-versions.js';
import type { Encoding } from './compressed-forms.js';

/** The longest a miss waits for another request's build of the same answer before building it itself: a build that takes longer has outlived the transaction timeout, so its leader is stuck or gone. */
export const SINGLE_FLIGHT_WAIT_MS = 10_000;

/**
 * How many answers past their life this process builds again at once; a request that finds one
 * while they run is answered from it. A handful: enough to keep up with a thousand stores' pages
 * aging together, few enough that the hits keep most of the CPU.
 */
export const REFRESHES = 4;

/** A kept answer, or none and the caller builds it, telling `built` when done (a no-op for a kept one). */
export type Lookup = { kept: CachedAnswer; built: () => void } | { kept: null; built: () => void };

const noop = (): void => undefined;

/** Boundaries kept per store and version; small numbers, so a count of entries bounds them. */
const MAX_KEPT_FIGURES = 20_000;

/**
 * Catalogue reads answered from bytes already sent: the answer to the same read of the same store
 * at the same catalogue version, kept until the next discount boundary. Everything a read's answer
 * depends on is in its key: the store, the version, the face, the key's kind and scopes, the path
 * and its normalized query (the locale is a query parameter) or the GraphQL document with its
 * variables. Reads of a customer (a bearer token) are never cached.
 *
 * A stock write (a sale) replaces no version: an answer is stale after one only when it read one
 * of the write's products, or when what it read follows stock (`bound`, stock-reads.ts). Each
 * answer keeps the store's sales token it is current at; a hit whose token moved reads its
 * products' stock tokens in one step, and either brings the token forward or builds the answer again.
 */
export class CatalogCache {
  readonly #answers: CachedAnswers;
  readonly #versions: CatalogVersions;
  /** Builds under way in this process, by key: a miss of the same key waits for them. */
  readonly #building = new Map<string, { done: Promise<void>; at: number }>();
  /** Builds under way here of answers past their life, which other requests are answered from meanwhile. */
  #refreshes = 0;
  readonly #boundaries = new LRUCache<string, { from: number; next: Promise<number | null> }>({ max: MAX_KEPT_FIGURES });
  /** Told of every read, answered from the cache or not, and whether a hit was answered from an answer past its life (/metrics counts them). */
  onRead: (hit: boolean, aged?: boolean) => void = () => undefined;
  /** Told each time a kept answer is compressed: once per answer and encoding in a process (/metrics counts them). */
  onCompressed: (encoding: Encoding) => void = () => undefined;

  constructor(answers: CachedAnswers, versions: CatalogVersions) {
    this.#answers = answers;
    this.#versions = versions;
  }

  /** The key of this request's answer; null when nothing may be cached (no version: a shared KV is down). */
  keyOf(ctx: Ctx, face: Surface, read: string): string | null {
    if (!ctx.catalog?.keepsAnswers || ctx.customer) return null;
    const { kind, scopes } = ctx.principal;
    return `${ctx.store.id}|${ctx.catalog.version}|${face}|${kind}:${[...scopes].sort().join(',')}|${read}`;
  }

  /**
   * The answer kept under `key`, or, when there is none, the caller made the one request that
   * builds it (single flight): concurrent misses of the key in this process wait for that build
   * and answer from it, and with a shared Redis a process whose build another process leads waits
   * for the answer there. `built` must be called once the answer is kept or known not to be; a
   * waiter gives up after `SINGLE_FLIGHT_WAIT_MS` and builds the answer itself, so a slow or lost
   * build costs time, never an answer.
   *
   * An answer past its life but within its grace (cached-answers.ts) is built again by the request
   * that finds it while fewer than `REFRESHES` such builds run here; every other request, and every
   * one while its build runs here or in another process, is answered from it without waiting. So
   * answers that age together are built again a few at a time, and the hits keep the CPU.
   */
  async lookUp(key: string, ctx: Ctx): Promise<Lookup> {
    const now = ctx.now.getTime();
    const found = await this.#answers.get(key, now);
    const current = await this.#current(found?.answer ?? null, ctx);
    let kept = found?.stale ? null : current;
    const stale = found?.stale ? current : null;
    const leading = kept ? undefined : this.#building.get(key);
    if (stale && (leading || this.#refreshes >= REFRESHES)) return this.#hit(stale, true);
    if (leading) {
      await leading.done;
      // Built on the leader's clock, which may be a moment past this request's: the answer is no older for it.
      const after = await this.#answers.get(key, Math.max(now, leading.at));
      kept = after?.stale ? null : await this.#current(after?.answer ?? null, ctx);
    }
    if (kept) return this.#hit(kept);
    // From the look in #building to the entry below nothing awaits, so of misses arriving together one leads.
    let release!: () => void;
    const building = { done: new Promise<void>((resolve) => (release = resolve)), at: now };
    this.#building.set(key, building);
    if (stale) this.#refreshes += 1;
    let lease = noop;
    let settled = false;
    const built = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (this.#building.get(key) === building) this.#building.delete(key);
      if (stale) this.#refreshes -= 1;
      lease();
      release();
    };
    // A build never told done (its request lost on the way) lets go of its waiters and its place after the wait.
    const timer = setTimeout(built, SINGLE_FLIGHT_WAIT_MS);
    timer.unref();
    const elsewhere = await this.#answers.leadOrFollow(key, now, SINGLE_FLIGHT_WAIT_MS, !stale).catch(() => ({ answer: null, release: noop, leading: true }));
    lease = elsewhere.release;
    // Settled meanwhile (the wait passed first): nothing will release the lease but this.
    if (settled) elsewhere.release();
    // An answer another process built that is not current for stock is built again here, not answered from the older one.
    const fromElsewhere = await this.#current(elsewhere.answer, ctx);
    const aged = fromElsewhere || elsewhere.leading || elsewhere.answer ? null : stale;
    if (fromElsewhere || aged) {
      built();
      return this.#hit((fromElsewhere ?? aged)!, aged !== null);
    }
    this.onRead(false);
    if (ctx.catalog) ctx.catalog.build = { reads: { products: new Set(), bound: false } };
    return { kept: null, built };
  }

  #hit(kept: CachedAnswer, aged = false): Lookup {
    this.onRead(true, aged);
    return { kept, built: noop };
  }

  /** Runs the build of a missed answer, noting what it reads of stock (stock-reads.ts); any other build as it is. */
  building<T>(ctx: Ctx, build: () => Promise<T>): Promise<T> {
    const reads = ctx.catalog?.build?.reads;
    return reads ? readingStock(reads, build) : build();
  }

  /**
   * The answer if no stock write since it was built changed what it shows, null otherwise: current
   * while the store's sales token is the one it keeps; past that, an answer that read only some
   * products is current while none of their stock tokens moved, and then keeps the newer sales
   * token, so the next hits cost one read again.
   */
  async #current(answer: CachedAnswer | null, ctx: Ctx): Promise<CachedAnswer | null> {
    if (!answer || !ctx.catalog) return null;
    const { stock } = answer;
    if (ctx.catalog.sales === stock.sales) return answer;
    if (!stock.products) return null;
    const now = await this.#versions
      .stockOf(
        ctx.store.id,
        stock.products.map(([id]) => id),
      )
      .catch(() => null);
    if (!now?.sales || now.products.some((token, i) => token !== stock.products![i]![1])) return null;
    stock.sales = now.sales;
    return answer;
  }

  /**
   * Keeps an answer until the store's next catalogue boundary (or the cache's own maximum age, cut
   * short by up to a fifth at random so that answers built together are not all built again together), with
   * the stock tokens of the products its build read, read after the build: when a stock write was
   * announced since the build began (the sales token moved) its rows may predate it, and it is not kept.
   * Answers the kept answer, or null when it is not kept.
   */
  async keep(
    key: string,
    ctx: Ctx,
    answer: Omit<CachedAnswer, 'expiresAt' | 'staleUntil' | 'builtAt' | 'body' | 'textBytes' | 'stock'> & { body: string | Buffer },
  ): Promise<CachedAnswer | null> {
    const build = ctx.catalog?.build;
    if (!build) return null;
    // The sales token read with the version, before any row: a stock write committed after the build's reads replaces it.
    const { sales } = ctx.catalog!;
    let products: [string, string | null][] | null = null;
    if (!build.reads.bound) {
      const ids = [...build.reads.products];
      const now = await this.#versions.stockOf(ctx.store.id, ids);
      if (now.sales !== sales) return null;
      products = ids.map((id, i) => [id, now.products[i] ?? null]);
    }
    const boundary = await this.#boundaryOf(ctx);
    const now = ctx.now.getTime();
    const expiresAt = Math.min(boundary ?? Infinity, this.#answers.lastsUntil(now));
    // Past a discount boundary an answer is wrong, so it has no grace there.
    const staleUntil = Math.min(boundary ?? Infinity, this.#answers.staleUntil(now));
    const stock = { sales, products };
    const body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body;
    const kept: CachedAnswer = { ...answer, body, textBytes: body.length, builtAt: now, expiresAt, staleUntil, stock };
    return (await this.#answers.set(key, kept, now)) ? kept : null;
  }

  /** The answer kept under `key` in `encoding`, made on the first hit that asks for it and kept in place of its text (compressed-forms.ts). */
  compressedForm(key: string, answer: CachedAnswer, encoding: Encoding): Buffer | null {
    const { form, made } = this.#answers.compressedForm(key, answer, encoding);
    if (made) this.onCompressed(encoding);
    return form;
  }

  /** The text of the answer kept under `key`, for a client that takes no encoding (`CachedAnswers.textFor`). */
  textOf(key: string, answer: CachedAnswer): Buffer {
    return this.#answers.textFor(key, answer);
  }

  /** The entries and bytes this process keeps, for /metrics. */
  size() {
    return this.#answers.size;
  }

  async #boundaryOf(ctx: Ctx): Promise<number | null> {
    const key = `${ctx.store.id}:${ctx.catalog?.version}`;
    const now = ctx.now.getTime();
    const known = this.#boundaries.get(key);
    if (known && known.from <= now) {
      const at = await known.next;
      // Past the boundary, the next one is further on: ask again.
      if (at === null || now < at) return at;
    }
    const next = nextCatalogBoundary(ctx).then((date) => date?.getTime() ?? null);
    this.#boundaries.set(key, { from: now, next });
    next.catch(() => this.#boundaries.delete(key));
    return next;
  }
}
