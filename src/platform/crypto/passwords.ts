import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { WorkLimiter } from '../concurrency/work-limiter.js';

/**
 * scrypt with N = 2^15, r = 8, p = 1 (OWASP's minimum for scrypt), a 16-byte salt per password
 * and a 64-byte key. The parameters travel in the stored string, so raising them later keeps
 * every stored password verifiable.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 64;
// scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly that, so leave room.
const MAX_MEMORY = 64 * 1024 * 1024;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/**
 * Every scrypt of this process goes through one limiter: 2 at once (each takes 32 MiB and a core
 * for tens of milliseconds, on libuv's pool of 4 threads that file and DNS work share), 32 more
 * waiting, and any beyond answered 503 at once. A flood of sign-ins then costs a bounded share of
 * the machine, and its callers learn to retry instead of waiting behind a growing queue.
 */
export const passwordHashing = new WorkLimiter(
  { concurrency: 2, queue: 32 },
  () => new ApiError('service_unavailable', 'Too many passwords are being checked right now; retry in 1 s.', { headers: { 'retry-after': '1' } }),
);

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise((resolve, reject) =>
        scryptCallback(password.normalize('NFKC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
      ),
  );
}

/** `scrypt$N$r$p$salt$key`, both base64url. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS, KEY_BYTES);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Compares in constant time; a malformed stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a password nobody has, so a sign-in for an unknown account costs what a real one does. */
export const decoyPasswordHash = hashPassword(randomBytes(16).toString('hex'));
