import { isIP } from 'node:net';
import path from 'node:path';
import { defaultDatabaseLimits, type DatabaseLimits } from './platform/database/database-limits.js';
import { HOW_TO_MAKE_A_SECRET, secretWeakness } from './platform/crypto/secret-strength.js';

/** Which X-Forwarded-For entries to believe: none, the last N proxy hops, or the entries added by these proxies. */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** The pool, and the bounded queue in front of transactions (platform/database/transaction-gate.ts). */
  database: DatabaseLimits;
  redisUrl: string | undefined;
  /** How long a Redis call may wait before the KV counts Redis as not answering. */
  redisCommandTimeoutMs: number;
  secret: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  /**
   * `MULTIPART_MAX_BYTES` (default 25 MiB, at least `MEDIA_MAX_BYTES`): the largest multipart/form-data
   * body an upload route reads, part headers included; its one bound on the memory a request can hold.
   */
  multipartMaxBytes: number;
  /** Requests per minute; `graphiql` is per client IP, for the GraphiQL page and its assets. */
  rateLimits: { storefront: number; merchant: number; graphql: number; graphiql: number };
  demo: boolean;
  /**
   * `DEV_MAILBOX` (`1` or `0`; unset follows `BAZAAR_DEMO`): GET /dev/mailbox shows the newest
   * messages, sign-in codes included, to anyone who can reach the server: development only.
   */
  devMailbox: boolean;
  /** Bearer token GET /metrics asks for; unset leaves it open. */
  metricsToken: string | undefined;
  trustProxy: TrustProxy;
  /** Limits on sockets, so slow or greedy clients cannot hold the server's connections (0 turns one off). */
  connections: { headersTimeoutMs: number; requestTimeoutMs: number; maxPerIp: number };
  /** How long a SIGTERM waits for requests in flight before it closes their connections. */
  shutdownGraceMs: number;
  media: MediaConfig;
  messages: MessagesConfig;
  /**
   * `PAYMENT_PROVIDER`: `test` (default: the built-in test provider, whose pay page marks orders paid
   * with no money moving) or `none` (online payment refused at checkout). A deployment taking real
   * orders without a provider of its own sets `none`.
   */
  paymentProvider: 'test' | 'none';
  /** `CART_TTL_DAYS` (default 30): a signed-out shopper's cart expires this long after its last change. */
  cartTtlDays: number;
  /** The catalogue read cache (src/http/response-cache). */
  responseCache: ResponseCacheConfig;
  webhooks: WebhooksConfig;
  traffic: TrafficConfig;
}

/** Storefront traffic analytics (src/domain/traffic). */
export interface TrafficConfig {
  /** `TRAFFIC_FLUSH_S` (default 60): how often each process moves the page views buffered in the KV into PostgreSQL. */
  flushIntervalMs: number;
  /** `TRAFFIC_COUNTING` (`1` default, `0` off): whether storefront reads are counted at all (the bench compares both). */
  counting: boolean;
}

/** How the webhook relay delivers (src/webhooks). */
export interface WebhooksConfig {
  /**
   * `WEBHOOK_RETRY_SCHEDULE_S`: the delay before each retry, in seconds, comma-separated; a delivery
   * gets one attempt more than the list is long. Each delay is taken with ±20% jitter.
   */
  retryScheduleS: number[];
}

/** Eight attempts over about four hours: the first at once, then after 30 s, 2 min, 5 min, 15 min, 30 min, 1 h and 2 h. */
const defaultRetryScheduleS = [30, 120, 300, 900, 1800, 3600, 7200];

function retrySchedule(env: Env): number[] {
  const raw = (env.WEBHOOK_RETRY_SCHEDULE_S ?? '').trim();
  if (raw === '') return defaultRetryScheduleS;
  const delays = raw.split(',').map((entry) => entry.trim());
  if (delays.some((entry) => !/^\d{1,6}$/.test(entry) || Number(entry) < 1)) {
    throw new ConfigError(`WEBHOOK_RETRY_SCHEDULE_S must be comma-separated whole seconds of at least 1, such as 30,120,300; got "${raw}"`);
  }
  return delays.map(Number);
}

export interface ResponseCacheConfig {
  /** `RESPONSE_CACHE_MB` (default 64): answer bytes one process keeps in memory; 0 turns the cache off (every read goes to the database). */
  maxBytes: number;
  /** `RESPONSE_CACHE_MAX_AGE_S` (default 60): the longest an answer is kept, bounding staleness from writes Bazaar never saw (SQL by hand, a Redis outage). */
  maxAgeMs: number;
}

/** How the messages outbox is delivered. */
export interface MessagesConfig {
  /** `SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`): email goes out through it; unset, email is recorded and logged like texts. */
  smtpUrl: string | undefined;
  /** `MAIL_FROM`, the sender of every email (default `Bazaar <no-reply@localhost>`). */
  mailFrom: string;
  /** `MESSAGE_RETENTION_HOURS` (default 24): how long the text of a sent message is kept for `messages --to`; its secret goes sooner (src/domain/messages/message-secrets.ts). */
  retentionHours: number;
}

/** The media library: where files are kept and what an upload or a download may be. */
export interface MediaConfig {
  /** The local directory of the storage port (`MEDIA_DIR`, default `<DATA_DIR>/media`). */
  dir: string;
  /** Largest image accepted, uploaded or downloaded (`MEDIA_MAX_BYTES`, default 10 MB). */
  maxBytes: number;
  /** Largest image accepted in pixels, width times height (`MEDIA_MAX_PIXELS`, default 40 million). */
  maxPixels: number;
  /** How long a download by URL may take in all, redirects included (`MEDIA_FETCH_TIMEOUT_MS`, default 10 s). */
  fetchTimeoutMs: number;
  /**
   * `MEDIA_FETCH_ALLOW`, for tests only: exact `host:port` pairs a download may reach although they
   * resolve to internal addresses (the suite's local server). Empty by default.
   */
  fetchAllow: string[];
}

/** A setting the server cannot start with; the message names the variable and how to fix it. */
export class ConfigError extends Error {}

function paymentProvider(env: NodeJS.ProcessEnv): 'test' | 'none' {
  const value = env.PAYMENT_PROVIDER || 'test';
  if (value !== 'test' && value !== 'none') throw new ConfigError(`PAYMENT_PROVIDER must be test or none, got "${value}"`);
  return value;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be ${min === 0 ? 'a non-negative integer' : `an integer of at least ${min}`}, got "${raw}"`);
  }
  return value;
}

/** At most an hour: an answer's `next_cursor` must stay well inside the cursors' own lifetime. */
function responseCacheMaxAgeS(env: Env): number {
  const seconds = integer(env, 'RESPONSE_CACHE_MAX_AGE_S', 60, 1);
  if (seconds > 3600) throw new ConfigError(`RESPONSE_CACHE_MAX_AGE_S must be at most 3600 (an hour), got "${env.RESPONSE_CACHE_MAX_AGE_S}"`);
  return seconds;
}

function hostPorts(env: Env, name: string): string[] {
  const entries = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries) {
    if (!/^(?:\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/.test(entry)) {
      throw new ConfigError(`${name}: "${entry}" is not a host:port pair, such as 127.0.0.1:8080.`);
    }
  }
  return entries;
}

function media(env: Env, dataDir: string): MediaConfig {
  return {
    dir: path.resolve(env.MEDIA_DIR || path.join(dataDir, 'media')),
    maxBytes: integer(env, 'MEDIA_MAX_BYTES', 10 * 1024 * 1024, 1),
    maxPixels: integer(env, 'MEDIA_MAX_PIXELS', 40_000_000, 1),
    fetchTimeoutMs: integer(env, 'MEDIA_FETCH_TIMEOUT_MS', 10_000, 1),
    fetchAllow: hostPorts(env, 'MEDIA_FETCH_ALLOW'),
  };
}

function devMailbox(env: Env, demo: boolean): boolean {
  const value = env.DEV_MAILBOX;
  if (value === undefined || value === '') return demo;
  if (value !== '0' && value !== '1') throw new ConfigError(`DEV_MAILBOX must be 1 (serve /dev/mailbox) or 0, got "${value}"`);
  return value === '1';
}

/** A `1` or `0` setting; unset or empty keeps the fallback. */
function switchSetting(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value !== '0' && value !== '1') throw new ConfigError(`${name} must be 1 or 0, got "${value}"`);
  return value === '1';
}

/** A body that cannot hold one image of MEDIA_MAX_BYTES would refuse every full-size upload. */
function multipartMaxBytes(env: Env, media: MediaConfig): number {
  const bytes = integer(env, 'MULTIPART_MAX_BYTES', 25 * 1024 * 1024, 1);
  if (bytes < media.maxBytes) throw new ConfigError(`MULTIPART_MAX_BYTES must be at least MEDIA_MAX_BYTES (${media.maxBytes}), got "${bytes}"`);
  return bytes;
}

function secret(env: Env): string | undefined {
  const value = env.BAZAAR_SECRET;
  if (!value) return undefined;
  const weakness = secretWeakness(value);
  if (weakness) {
    throw new ConfigError(
      `BAZAAR_SECRET is too weak: ${weakness}. Make one with \`${HOW_TO_MAKE_A_SECRET}\`, or leave it unset and Bazaar generates one and keeps it in the database.`,
    );
  }
  return value;
}

const trustsEveryone = new Set(['true', 'yes', 'on', 'all', '*']);
/** proxy-addr's named ranges, which Fastify's trustProxy accepts in a list. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_FORMS =
  'the number of proxies in front of Bazaar (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7)';

function proxyEntryProblem(entry: string): string | null {
  if (namedRanges.has(entry)) return null;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return 'is not an IP address or a CIDR range';
  if (bits === undefined) return null;
  const maxBits = family === 4 ? 32 : 128;
  if (!/^\d+$/.test(bits) || Number(bits) > maxBits) return `has a prefix length outside 1-${maxBits}`;
  if (Number(bits) === 0) return 'covers every address';
  return null;
}

/**
 * X-Forwarded-For is written by whoever sends the request; only the entries appended by our own
 * proxies are true. So TRUST_PROXY names those proxies (by hop count or address), and a value
 * that trusts every address, which would let any client pick its own IP, is refused.
 */
function trustProxy(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (trustsEveryone.has(raw.toLowerCase())) {
    throw new ConfigError(
      `TRUST_PROXY=${raw} would trust every address, so any client could name its own IP in X-Forwarded-For and escape its rate limit. Set ${TRUST_PROXY_FORMS}.`,
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem) throw new ConfigError(`TRUST_PROXY: "${entry}" ${problem}. Set ${TRUST_PROXY_FORMS}.`);
  }
  return entries;
}

function connections(env: Env, behindProxy: boolean): Config['connections'] {
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000);
  if (headersTimeoutMs > 0 && requestTimeoutMs > 0 && headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs}): the headers are part of the request.`,
    );
  }
  // Behind a load balancer every connection comes from the balancer's address, so no per-address cap by default.
  const maxPerIp = integer(env, 'MAX_CONNECTIONS_PER_IP', behindProxy ? 0 : 64);
  return { headersTimeoutMs, requestTimeoutMs, maxPerIp };
}

/** `DATABASE_POOL_SIZE` and the transaction queue; the defaults follow the pool size (`defaultDatabaseLimits`). */
function databaseLimits(env: Env, embedded: boolean): DatabaseLimits {
  const defaults = defaultDatabaseLimits(embedded, integer(env, 'DATABASE_POOL_SIZE', 10, 1));
  const transactions = {
    inFlight: integer(env, 'DB_TRANSACTIONS_IN_FLIGHT', defaults.transactions.inFlight, 1),
    waiting: integer(env, 'DB_TRANSACTIONS_WAITING', defaults.transactions.waiting),
    waitMs: integer(env, 'DB_TRANSACTION_WAIT_MS', defaults.transactions.waitMs, 1),
  };
  if (!embedded && transactions.inFlight > defaults.poolSize) {
    throw new ConfigError(
      `DB_TRANSACTIONS_IN_FLIGHT (${transactions.inFlight}) must not exceed DATABASE_POOL_SIZE (${defaults.poolSize}): a transaction holds a connection.`,
    );
  }
  return { poolSize: defaults.poolSize, transactions };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 4000);
  const host = env.HOST || '0.0.0.0';
  const proxies = trustProxy(env);
  const dataDir = path.resolve(env.DATA_DIR || '.data');
  const demo = env.BAZAAR_DEMO !== '0';
  const mediaConfig = media(env, dataDir);
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    database: databaseLimits(env, !env.DATABASE_URL),
    redisUrl: env.REDIS_URL || undefined,
    redisCommandTimeoutMs: integer(env, 'REDIS_COMMAND_TIMEOUT_MS', 250, 1),
    secret: secret(env),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576),
    multipartMaxBytes: multipartMaxBytes(env, mediaConfig),
    rateLimits: {
      storefront: integer(env, 'RATE_LIMIT_STOREFRONT', 180),
      merchant: integer(env, 'RATE_LIMIT_MERCHANT', 600),
      graphql: integer(env, 'RATE_LIMIT_GRAPHQL', 180),
      graphiql: integer(env, 'RATE_LIMIT_GRAPHIQL', 60),
    },
    demo,
    devMailbox: devMailbox(env, demo),
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: proxies,
    connections: connections(env, proxies !== false),
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_MS', 10_000),
    media: mediaConfig,
    messages: {
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || 'Bazaar <no-reply@localhost>',
      retentionHours: integer(env, 'MESSAGE_RETENTION_HOURS', 24),
    },
    cartTtlDays: integer(env, 'CART_TTL_DAYS', 30, 1),
    paymentProvider: paymentProvider(env),
    responseCache: {
      maxBytes: integer(env, 'RESPONSE_CACHE_MB', 64) * 1024 * 1024,
      maxAgeMs: responseCacheMaxAgeS(env) * 1000,
    },
    webhooks: { retryScheduleS: retrySchedule(env) },
    traffic: { flushIntervalMs: integer(env, 'TRAFFIC_FLUSH_S', 60, 1) * 1000, counting: switchSetting(env, 'TRAFFIC_COUNTING', true) },
  };
}
