import { hash, randomBytes } from 'node:crypto';
import type { Kv } from '../../platform/kv/kv.js';
import { dayMs, startOfDay } from './page-views.js';

/**
 * The privacy rule: a visitor is counted as SHA-256(day's salt, store, IP address, user agent).
 * The salt is random, made once per UTC day and shared through the KV (so every process of a fleet
 * hashes alike), and expires after two days: once it is gone no one, Bazaar included, can tell
 * whether two days' visitors were the same person, or recompute a hash from an address. Only the
 * hash ever reaches the KV's HyperLogLogs, and only their counts reach PostgreSQL: no IP address or
 * user agent is stored anywhere.
 */
export class VisitorIds {
  private salts = new Map<number, Promise<string>>();
  /** The salts already read, so a view of a known day hashes without waiting. */
  private known = new Map<number, string>();

  constructor(private readonly kv: Kv) {}

  private saltOf(day: Date): Promise<string> {
    const known = this.salts.get(day.getTime());
    if (known) return known;
    const made = this.loadSalt(day);
    // Only today's and yesterday's are ever asked for; older promises go.
    for (const kept of this.salts.keys()) if (kept < day.getTime() - dayMs) this.salts.delete(kept);
    for (const kept of this.known.keys()) if (kept < day.getTime() - dayMs) this.known.delete(kept);
    this.salts.set(day.getTime(), made);
    made.then(
      (salt) => this.known.set(day.getTime(), salt),
      () => this.salts.delete(day.getTime()),
    );
    return made;
  }

  private async loadSalt(day: Date): Promise<string> {
    const key = `traffic:salt:${day.getTime()}`;
    await this.kv.set(key, randomBytes(32).toString('base64url'), { ttlMs: 2 * dayMs, onlyIfAbsent: true });
    const salt = await this.kv.get(key);
    if (!salt) throw new Error('the traffic salt of the day could not be read back from the KV');
    return salt;
  }

  /** The visitor's hash: at once when the day's salt is known, else once it has been read. */
  of(storeId: string, clientIp: string, userAgent: string, at: Date): string | Promise<string> {
    const salt = this.known.get(Math.floor(at.getTime() / dayMs) * dayMs);
    if (salt !== undefined) return hashOf(salt, storeId, clientIp, userAgent);
    return this.saltOf(startOfDay(at)).then((read) => hashOf(read, storeId, clientIp, userAgent));
  }
}

function hashOf(salt: string, storeId: string, clientIp: string, userAgent: string) {
  // The one-shot hash: no Hash object per view.
  return hash('sha256', `${salt}\n${storeId}\n${clientIp}\n${userAgent}`, 'base64url');
}
