import path from 'node:path';
import { HOW_TO_MAKE_A_SECRET, secretWeakness } from './platform/crypto/secret-strength.js';

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
  rateLimits: { storefront: number; merchant: number; graphql: number };
  demo: boolean;
  /** Trust X-Forwarded-For for the client IP (behind a load balancer). */
  trustProxy: boolean;
}

/** A setting the server cannot start with; the message names the variable and how to fix it. */
export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
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
    secret: secret(env),
    logLevel: env.LOG_LEVEL || 'info',
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 1_048_576),
    rateLimits: {
      storefront: integer(env, 'RATE_LIMIT_STOREFRONT', 180),
      merchant: integer(env, 'RATE_LIMIT_MERCHANT', 600),
      graphql: integer(env, 'RATE_LIMIT_GRAPHQL', 180),
    },
    demo: env.BAZAAR_DEMO !== '0',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
