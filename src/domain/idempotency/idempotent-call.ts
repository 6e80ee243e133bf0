import { createHash } from 'node:crypto';
import { Prisma, type IdempotencyRecord } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { CallTransactions, type LastWrite } from './call-transactions.js';

/** A successful call's answer is replayed for this long after the call began (merchant spec: 24 hours). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How long a running call holds its key. A process that dies mid-call leaves its claim behind;
 * past the lease the next call with the key takes it over and runs afresh. It is far longer than
 * any write runs (a transaction is rolled back after 10 s), so a live call is never taken over.
 */
export const IDEMPOTENCY_LEASE_MS = 2 * 60 * 1000;

/** Expired records of a store are deleted by its first idempotent call in each such period. */
export const IDEMPOTENCY_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** An `Idempotency-Key`: 1-255 printable ASCII characters without spaces, such as a UUID. */
export function isIdempotencyKey(text: string): boolean {
  return /^[\x21-\x7e]{1,255}$/.test(text);
}

export const idempotencyKeyRule = 'must be 1 to 255 printable ASCII characters without spaces, such as a UUID';

/** An answer as it left: status, the exact body text, and the headers a replay must repeat. */
export interface StoredAnswer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface IdempotentCall {
  /** The caller's `Idempotency-Key`. */
  key: string;
  /** Who is calling: a stored answer is only ever replayed to the same caller (`callerOf`). */
  caller: string;
  /** `fingerprintOf` the parts that make two requests the same call. */
  fingerprint: string;
}

/**
 * The caller an answer belongs to: the API key, and on the storefront the customer token and cart
 * session the answer was written for. Two callers never see each other's answers, nor collide on
 * a key string; a public key is shared by every shopper of a store, so its callers are told apart.
 */
export function callerOf(credentials: { keyId: string; bearerToken?: string; cartSession?: string }): string {
  const { keyId, bearerToken, cartSession } = credentials;
  if (bearerToken === undefined && cartSession === undefined) return keyId;
  const digest = createHash('sha256')
    .update(JSON.stringify([bearerToken ?? null, cartSession ?? null]))
    .digest('hex')
    .slice(0, 32);
  return `${keyId}/${digest}`;
}

type Claim = { kind: 'claimed'; id: string } | { kind: 'replay'; answer: StoredAnswer };

const inProgress = () =>
  new ApiError('idempotency_key_in_progress', 'A call with this Idempotency-Key is still running; retry after it has finished.', {
    headers: { 'retry-after': '1' },
  });

function isUniqueViolation(error: unknown) {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

function storedAnswerOf(record: IdempotencyRecord): StoredAnswer {
  return { status: record.responseStatus!, body: record.responseBody as string, headers: record.responseHeaders as Record<string, string> };
}

/**
 * Takes the key with one insert: the unique (store, key) constraint lets exactly one concurrent
 * call win. A loser reads the winner's record: a finished call with the same fingerprint is
 * replayed, a different fingerprint is a reuse, an unfinished one is in progress. An expired record
 * (past the window, or a dead call's lease) is deleted, and the insert tried again.
 */
async function claim(ctx: Ctx, storedKey: string, fingerprint: string): Promise<Claim> {
  const now = ctx.now;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const record = await ctx.db.idempotencyRecord.create({
        data: { storeId: ctx.store.id, key: storedKey, fingerprint, createdAt: now, expiresAt: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS) },
        select: { id: true },
      });
      return { kind: 'claimed', id: record.id };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const existing = await ctx.db.idempotencyRecord.findFirst({ where: { key: storedKey } });
    // Gone between our insert and this read: its call failed and let go of the key.
    if (!existing) continue;
    if (existing.expiresAt <= now) {
      await ctx.db.idempotencyRecord.deleteMany({ where: { id: existing.id, expiresAt: { lte: now } } });
      continue;
    }
    if (existing.fingerprint !== fingerprint) {
      throw new ApiError(
        'idempotency_key_reuse',
        'This Idempotency-Key was used with a different request (method, path or body) within 24 hours; send a new key for a new call.',
      );
    }
    if (existing.responseStatus === null) throw inProgress();
    return { kind: 'replay', answer: storedAnswerOf(existing) };
  }
  // The key changed hands on every attempt: other calls are racing for it right now.
  throw inProgress();
}

/** Once a period per store (a lock in the KV, shared by every process), one indexed delete of its expired records. */
async function purgeExpired(ctx: Ctx) {
  const first = await ctx.kv.set(`idempotency-purge:${ctx.store.id}`, '1', { ttlMs: IDEMPOTENCY_PURGE_INTERVAL_MS, onlyIfAbsent: true });
  if (first) await ctx.db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: ctx.now } } });
}

/**
 * Runs a write at most once per key: the first call runs `run` with the context it is handed and,
 * when `succeeded` says so, keeps its answer for the window; a repeat gets that answer back
 * (`replayed`). The answer is stored in the call's last transaction (call-transactions.ts), so a
 * process that dies at any point leaves either the write with its answer, or neither. A failure
 * (an unsuccessful answer or a thrown error) lets go of the key, so a retry is a real retry; a
 * thrown error also rolls back the last transaction, whose result the caller never learnt.
 */
export async function runIdempotently(
  ctx: Ctx,
  call: IdempotentCall,
  run: (callCtx: Ctx) => Promise<StoredAnswer>,
  succeeded: (answer: StoredAnswer) => boolean,
): Promise<StoredAnswer & { replayed: boolean }> {
  await purgeExpired(ctx);
  const claimed = await claim(ctx, `${call.caller}:${call.key}`, call.fingerprint);
  if (claimed.kind === 'replay') return { ...claimed.answer, replayed: true };

  // Only a record still in progress is deleted: a stored answer is never let go of.
  const letGo = () =>
    ctx.db.idempotencyRecord.deleteMany({ where: { id: claimed.id, responseStatus: null } }).catch((error: unknown) => {
      // The lease frees the key in the end; the caller still gets the call's own answer.
      ctx.log.error({ err: error }, 'could not release an Idempotency-Key; it frees itself when its lease ends');
    });
  const transactions = new CallTransactions(ctx);
  let answer: StoredAnswer;
  try {
    answer = await run(transactions.ctx);
  } catch (error) {
    await transactions.rollBack();
    await letGo();
    throw error;
  }
  if (!succeeded(answer)) {
    await finishUnstored(transactions, letGo);
    return { ...answer, replayed: false };
  }
  const store: LastWrite = (db) =>
    db.idempotencyRecord.updateMany({
      where: { id: claimed.id, responseStatus: null },
      data: {
        responseStatus: answer.status,
        responseBody: answer.body,
        responseHeaders: answer.headers,
        completedAt: new Date(),
        expiresAt: new Date(ctx.now.getTime() + IDEMPOTENCY_WINDOW_MS),
      },
    });
  let stored: boolean;
  try {
    stored = await transactions.commit(store);
  } catch (error) {
    await letGo();
    throw error;
  }
  if (!stored) {
    // The call wrote nothing in a transaction; what it wrote is done, so only a log is left to give.
    await store(ctx.db).catch((error: unknown) => {
      ctx.log.error({ err: error }, 'could not store the answer of an Idempotency-Key; a retry after its lease runs the call again');
    });
  }
  return { ...answer, replayed: false };
}

/** An unsuccessful answer (GraphQL userErrors beside a finished mutation) keeps what was written, but not the answer. */
async function finishUnstored(transactions: CallTransactions, letGo: () => Promise<unknown>) {
  try {
    await transactions.commit();
  } finally {
    await letGo();
  }
}
