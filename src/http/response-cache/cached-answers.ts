import { setTimeout as delay } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { Kv } from '../../platform/kv/kv.js';
import { compressedForm, heldBytes, textOf, type Encoding } from './compressed-forms.js';

/** One answer as it left: its bytes and the headers a repeat must carry. */
export interface CachedAnswer {
  /** The text, encoded once: a repeat writes these bytes to the socket as they are. Null once a compressed form is kept in its place, until a client that takes no encoding asks for it (compressed-forms.ts). */
  body: Buffer | null;
  /** The text's length in bytes, kept or not. */
  textBytes: number;
  /** The ETag a REST read sent; GraphQL answers carry none. */
  etag?: string;
  contentType: string;
  contentLanguage?: string;
  /** Milliseconds since the epoch when it was built: an earlier clock (a test's pinned one) may not see it. */
  builtAt: number;
  /** Milliseconds since the epoch after which it is built again with no write at all: the next discount boundary, or its own share of the maximum age (`lastsUntil`); null for never. */
  expiresAt: number | null;
  /**
   * Until when, past `expiresAt`, it may still answer while another request builds it again (`staleUntil`):
   * never past a discount boundary, at which it is wrong; absent, not at all.
   */
  staleUntil?: number | null;
  /**
   * What stock writes make it stale: `sales`, the store's sales token it is known current at;
   * `products`, the stock token of each product it read (checked once the sales token moved, and
   * `sales` brought forward when none changed), or null when any stock write of the store does.
   */
  stock: { sales: string; products: [productId: string, token: string | null][] | null };
  /** The text brotli- and gzip-compressed, each made as a miss that asks for it is kept or by the first hit that asks (compressed-forms.ts); null when too large to keep. Never shared through Redis, which keeps the text. */
  compressed?: Partial<Record<Encoding, Buffer | null>>;
}

export interface CachedAnswersOptions {
  /** What this process's memory holds at most, in bytes of answers as held (text, or compressed forms in its place). */
  maxBytes: number;
  /** The longest an answer is kept, whatever else happens: the bound on staleness from writes Bazaar never saw (SQL by hand, a Redis outage). */
  maxAgeMs: number;
  /** Where a fleet shares answers (Redis); absent, each process keeps its own. */
  shared?: Kv;
}

type Meta = Omit<CachedAnswer, 'body' | 'textBytes' | 'compressed'>;

/** A kept answer as found: `stale` once past its life, while it may still answer during its rebuild. */
export interface FoundAnswer {
  answer: CachedAnswer;
  stale: boolean;
}

const noop = () => undefined;

/** How often a process waiting for another's build looks for the answer in Redis. */
const SHARED_POLL_MS = 20;

/**
 * The share of the maximum age an answer may be cut short by, at random: answers built together
 * (a restart, a warm-up, a thousand stores' first reads) would otherwise all be built again in the
 * same instant, a maximum age later, and a storm of misses would take the server's CPU at once.
 */
const MAX_AGE_SPREAD = 0.2;

/**
 * How long past the maximum age, as a share of it, an answer may still be served while it is
 * built again: the rebuilds of answers that age together (a thousand stores warmed at once) then
 * queue for the few builds the cache runs at a time (catalog-cache.ts) instead of taking the CPU
 * from every hit. The first request that finds an answer past its life builds it when a build is
 * free, so an idle server never serves one.
 */
const STALE_GRACE = 0.5;

/** Fixed cost of an entry beside its text: key, headers, bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * Answers by key, in two tiers: a bounded LRU in this process (by bytes, oldest use out first),
 * then, when a fleet shares a Redis, Redis itself, whose hits warm the local tier. Keys carry the
 * store's catalogue version, so a write never needs to find and delete anything: the old keys are
 * simply never asked for again and age out.
 */
export class CachedAnswers {
  readonly #local: LRUCache<string, CachedAnswer>;
  readonly #shared: Kv | undefined;
  readonly #maxAgeMs: number;

  constructor(options: CachedAnswersOptions) {
    this.#maxAgeMs = options.maxAgeMs;
    this.#shared = options.shared;
    this.#local = new LRUCache({
      maxSize: options.maxBytes,
      sizeCalculation: (answer, key) => heldBytes(answer) + key.length + ENTRY_OVERHEAD_BYTES,
      ttl: this.#servedMs(),
    });
  }

  /** The answer kept under `key` that may still answer at `now`: good, or stale while it is built again. */
  async get(key: string, now: number): Promise<FoundAnswer | null> {
    const local = this.#local.get(key);
    const mine = local ? this.#found(local, now) : null;
    if ((mine && !mine.stale) || !this.#shared || this.#shared.degraded) return mine;
    // An aged answer here may have been built again by another process: its newer one is in Redis.
    const stored = await this.#shared.get(`answer:${key}`);
    const answer = stored ? parse(stored) : null;
    const found = answer && this.#found(answer, now);
    if (!found || (local && answer.builtAt <= local.builtAt)) return mine;
    if (!found.stale) this.#local.set(key, answer);
    return found;
  }

  /** When an answer built at `builtAt` is to be built again with no write: within the last fifth of the maximum age, spread at random. */
  lastsUntil(builtAt: number): number {
    return builtAt + Math.floor(this.#maxAgeMs * (1 - Math.random() * MAX_AGE_SPREAD));
  }

  /** Until when an answer built at `builtAt` may answer while it is built again: half the maximum age past it (`STALE_GRACE`). */
  staleUntil(builtAt: number): number {
    return builtAt + this.#servedMs();
  }

  /**
   * With a shared Redis, whether another process is building the answer under `key`: the first to
   * ask takes a lease on the build and answers no answer and the lease's release (it leads, and
   * builds); a later one (when it would rather wait than answer a stale answer, `follow`) polls
   * Redis until the answer appears, the lease is released without one (an answer that could not be
   * kept) or `waitMs` pass, and then builds too if it must. Without a shared tier there is no other
   * process to wait for, and every caller leads.
   */
  async leadOrFollow(key: string, now: number, waitMs: number, follow = true): Promise<{ answer: CachedAnswer | null; release: () => void; leading: boolean }> {
    const shared = this.#shared;
    const lease = `building:${key}`;
    if (!shared || shared.degraded) return { answer: null, release: noop, leading: true };
    // The lease holds the leader's clock: its answer, built a moment past this request's, is no older for it.
    if (await shared.set(lease, String(now), { ttlMs: waitMs, onlyIfAbsent: true })) {
      const release = () => void shared.delete(lease).catch(noop);
      // A leader may have kept its answer and let go of its lease between this process's look and its claim; its clock is unknown
      // by now, so an answer built up to the wait's length past this request's clock counts as built for it.
      const late = await this.#good(key, now + waitMs);
      if (late) release();
      return { answer: late, release: late ? noop : release, leading: !late };
    }
    if (!follow) return { answer: null, release: noop, leading: false };
    for (let waited = 0; waited < waitMs; waited += SHARED_POLL_MS) {
      await delay(SHARED_POLL_MS);
      const leader = await shared.get(lease);
      // Once the lease is gone its clock is too: as after a late claim, an answer built within the wait counts as built for this request.
      const answer = await this.#good(key, leader === null ? now + waitMs : Math.max(now, Number(leader)));
      if (answer || leader === null) return { answer, release: noop, leading: !answer };
    }
    return { answer: null, release: noop, leading: true };
  }

  /** The answer kept under `key` that is still good at `now`, stale ones left out. */
  async #good(key: string, now: number): Promise<CachedAnswer | null> {
    const found = await this.get(key, now);
    return found && !found.stale ? found.answer : null;
  }

  /**
   * Keeps `answer` under `key`, answering whether it was: not when it is no longer good at `now`.
   * Whether an answer is still good is decided on the request's clock (`now`, which tests pin); the
   * stores' own expiry, on the wall clock, only clears out what nobody asks for any more.
   */
  async set(key: string, answer: CachedAnswer, now: number): Promise<boolean> {
    const life = this.#lifeLeft(answer, now);
    if (life <= 0) return false;
    this.#local.set(key, answer);
    if (this.#shared && !this.#shared.degraded) await this.#shared.set(`answer:${key}`, serialize(answer), { ttlMs: this.#servedLeft(answer, now) });
    return true;
  }

  /**
   * The answer's text in `encoding` (compressed-forms.ts), and whether this call made it. A form made
   * for an answer this process keeps under `key` counts again in the bound: the entry now holds the
   * form instead of its text, so the same bytes hold about twenty times as many compressed pages.
   */
  compressedForm(key: string, answer: CachedAnswer, encoding: Encoding): { form: Buffer | null; made: boolean } {
    const made = answer.compressed?.[encoding] === undefined;
    const form = compressedForm(answer, encoding);
    if (made) this.#resize(key, answer);
    return { form, made };
  }

  /**
   * The answer's text for a client that takes no encoding: kept as it is, or inflated from a kept
   * form and then kept again beside it (and counted), so a client that never compresses inflates
   * an answer once, not on every hit.
   */
  textFor(key: string, answer: CachedAnswer): Buffer {
    if (answer.body) return answer.body;
    answer.body = textOf(answer);
    this.#resize(key, answer);
    return answer.body;
  }

  /** Sets a kept answer again so the LRU counts what it holds now (it sizes an entry when set, and not again for the same value), its life unchanged. */
  #resize(key: string, answer: CachedAnswer) {
    if (this.#local.peek(key) !== answer) return;
    const ttl = this.#local.getRemainingTTL(key);
    // A remaining life of 0 reads as "no expiry" to the LRU: an entry that old is left to go.
    if (!(ttl > 0)) return;
    this.#local.delete(key);
    this.#local.set(key, answer, { ttl });
  }

  /** Milliseconds an answer is still good at `now`: never before it was built, never past its boundary or the maximum age. */
  #lifeLeft(answer: CachedAnswer, now: number): number {
    if (now < answer.builtAt) return 0;
    const aged = answer.builtAt + this.#maxAgeMs - now;
    return answer.expiresAt === null ? aged : Math.min(aged, answer.expiresAt - now);
  }

  /** Milliseconds an answer may still answer at `now`, stale or not: its life, or its grace past it when it has one. */
  #servedLeft(answer: CachedAnswer, now: number): number {
    const life = this.#lifeLeft(answer, now);
    if (now < answer.builtAt || answer.staleUntil == null) return life;
    return Math.max(life, Math.min(answer.builtAt + this.#servedMs(), answer.staleUntil) - now);
  }

  #found(answer: CachedAnswer, now: number): FoundAnswer | null {
    if (this.#lifeLeft(answer, now) > 0) return { answer, stale: false };
    return this.#servedLeft(answer, now) > 0 ? { answer, stale: true } : null;
  }

  /** The longest any answer is kept: the maximum age and its grace. */
  #servedMs(): number {
    return Math.floor(this.#maxAgeMs * (1 + STALE_GRACE));
  }

  /** Entries and bytes held in this process, for /metrics. */
  get size() {
    return { entries: this.#local.size, bytes: this.#local.calculatedSize };
  }
}

// The headers as one JSON line, then the body as sent: no escaping of a 250 KB body into a JSON string.
function serialize(answer: CachedAnswer): string {
  const { body: _text, textBytes: _bytes, compressed: _forms, ...meta } = answer;
  return `${JSON.stringify(meta)}\n${textOf(answer).toString('utf8')}`;
}

/** A stored answer, or null for anything else under its key (a value another version of Bazaar wrote, a damaged one): then it is built again. */
function parse(stored: string): CachedAnswer | null {
  const newline = stored.indexOf('\n');
  if (newline < 0) return null;
  try {
    const meta = JSON.parse(stored.slice(0, newline)) as Meta;
    if (typeof meta.builtAt !== 'number' || typeof meta.contentType !== 'string' || typeof meta.stock?.sales !== 'string') return null;
    const body = Buffer.from(stored.slice(newline + 1), 'utf8');
    return { ...meta, body, textBytes: body.length };
  } catch {
    return null;
  }
}
