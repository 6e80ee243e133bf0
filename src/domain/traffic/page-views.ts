/** What a storefront read counts as: the store's home (store info), a product, a collection's products, a post. */
export const pageKinds = ['home', 'product', 'collection', 'post'] as const;
export type PageKind = (typeof pageKinds)[number];

/** One storefront read served with 200, as the transports report it. */
export interface PageView {
  storeId: string;
  kind: PageKind;
  /** For a product: the uuid or slug the read named, resolved to the product when flushed. */
  subject?: string;
  /** Read only to make the day's visitor hash; never kept. */
  clientIp: string;
  userAgent: string;
  /** The Referer header; only its host is kept. */
  referrer?: string;
  at: Date;
}

export const hourMs = 3_600_000;
export const dayMs = 24 * hourMs;

export function startOfHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / hourMs) * hourMs);
}

export function startOfDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / dayMs) * dayMs);
}

/** The tallies of every store wait under this one index until a flush takes them. */
export const tallyIndex = 'traffic:pending';

/** One store's buffered counts for one UTC hour. */
export function tallyKey(storeId: string, hour: Date): string {
  return `traffic:tally:${storeId}:${hour.getTime()}`;
}

export function parseTallyKey(key: string): { storeId: string; hour: Date } | null {
  const match = /^traffic:tally:([0-9a-f-]{36}):(\d+)$/.exec(key);
  return match ? { storeId: match[1]!, hour: new Date(Number(match[2])) } : null;
}

/** The HyperLogLog of a store's visitors in one hour or one day. */
export function sketchKey(storeId: string, period: 'hour' | 'day', start: Date): string {
  return `traffic:visitors:${storeId}:${period}:${start.getTime()}`;
}

/** Tally fields: views per kind, per product named, per referrer host. */
export const field = {
  view: (kind: PageKind) => `v:${kind}`,
  product: (subject: string) => `p:${subject}`,
  referrer: (host: string) => `r:${host}`,
};

/** The host of a Referer header, lower-case; null when it is absent or not an http(s) address. */
export function referrerHost(referrer: string | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase().slice(0, 253) : null;
  } catch {
    return null;
  }
}
