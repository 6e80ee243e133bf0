import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  secret: string | undefined;
  logLevel: string;
  bodyLimitBytes: number;
  /** Requests per minute; `graphiql` is per client IP, for the GraphiQL page and its assets. */
  rateLimits: { storefront: number; merchant: number; graphql: number; graphiql: number };
  demo: boolean;
  /** Bearer token GET /metrics asks for; unset leaves it open. */
  metricsToken: string | undefined;
  /** Trust X-Forwarded-For for the client IP (behind a load balancer). */
  trustProxy: boolean;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 4000);
  const host = env.HOST || '0.0.0.0';
  return {
    port,
    host,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    redisUrl: env.REDIS_URL || undefined,
    secret: env.BAZAAR_SECRET || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576),
    rateLimits: {
      storefront: integer(env, 'RATE_LIMIT_STOREFRONT', 180),
      merchant: integer(env, 'RATE_LIMIT_MERCHANT', 600),
      graphql: integer(env, 'RATE_LIMIT_GRAPHQL', 180),
      graphiql: integer(env, 'RATE_LIMIT_GRAPHIQL', 60),
    },
    demo: env.BAZAAR_DEMO !== '0',
    metricsToken: env.METRICS_TOKEN || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
