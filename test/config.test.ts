import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('TRUST_PROXY', () => {
  it.each(['', '0', 'false'])('"%s" trusts no proxy: X-Forwarded-For is ignored', (value) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it('a number is how many proxy hops to trust', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('a comma-separated list names the proxies by address, CIDR range or proxy-addr range name', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8 ,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
  });

  it.each(['true', 'TRUE', 'yes', '*', 'all'])('"%s" would trust every address, and is refused at start', (value) => {
    expect(refusal({ TRUST_PROXY: value }).message).toBe(
      `TRUST_PROXY=${value} would trust every address, so any client could name its own IP in X-Forwarded-For and escape its rate limit. ` +
        'Set the number of proxies in front of Bazaar (TRUST_PROXY=1 for one load balancer) or their addresses (TRUST_PROXY=10.0.0.0/8,192.0.2.7).',
    );
  });

  it.each([
    ['0.0.0.0/0', 'covers every address'],
    ['::/0', 'covers every address'],
    ['10.0.0.0/33', 'has a prefix length outside 1-32'],
    ['10.0.0.0/x', 'has a prefix length outside 1-32'],
    ['proxy.internal', 'is not an IP address or a CIDR range'],
    ['10.0.0.300', 'is not an IP address or a CIDR range'],
  ])('a list entry "%s" is refused: it %s', (entry, problem) => {
    expect(refusal({ TRUST_PROXY: `192.0.2.7,${entry}` }).message).toMatch(
      new RegExp(`^TRUST_PROXY: "${entry.replace(/[.*/]/g, '\\$&')}" ${problem}\\. Set the number`),
    );
  });
});

describe('BAZAAR_SECRET', () => {
  it('unset leaves the secret to the database', () => {
    expect(loadConfig({}).secret).toBeUndefined();
    expect(loadConfig({ BAZAAR_SECRET: '' }).secret).toBeUndefined();
  });

  it('32 random bytes are accepted as they are', () => {
    const secret = randomBytes(32).toString('base64');
    expect(loadConfig({ BAZAAR_SECRET: secret }).secret).toBe(secret);
  });

  it('a weak one is refused with what is wrong and how to make a good one, never echoing it', () => {
    const error = refusal({ BAZAAR_SECRET: 'changeme-please' });
    expect(error.message).toBe(
      'BAZAAR_SECRET is too weak: 15 base64 characters carry at most 90 bits of entropy (at least 256 needed). ' +
        'Make one with `openssl rand -base64 32`, or leave it unset and Bazaar generates one and keeps it in the database.',
    );
  });

  it('a long run of few characters is refused', () => {
    expect(refusal({ BAZAAR_SECRET: '0123'.repeat(40) }).message).toMatch(/^BAZAAR_SECRET is too weak: it uses only 4 distinct characters/);
  });
});

describe('REDIS_COMMAND_TIMEOUT_MS', () => {
  it('defaults to 250 ms and takes any positive integer', () => {
    expect(loadConfig({}).redisCommandTimeoutMs).toBe(250);
    expect(loadConfig({ REDIS_COMMAND_TIMEOUT_MS: '50' }).redisCommandTimeoutMs).toBe(50);
  });

  it('refuses 0, which would fail every call', () => {
    expect(refusal({ REDIS_COMMAND_TIMEOUT_MS: '0' }).message).toBe('REDIS_COMMAND_TIMEOUT_MS must be an integer of at least 1, got "0"');
  });
});

describe('HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS and MAX_CONNECTIONS_PER_IP', () => {
  it('default to 10 s for the headers, 30 s for the whole request and 64 connections per address', () => {
    expect(loadConfig({}).connections).toEqual({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxPerIp: 64 });
  });

  it('leave connections uncapped by default behind a proxy, where every connection comes from the proxy', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).connections.maxPerIp).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_IP: '500' }).connections.maxPerIp).toBe(500);
  });

  it('take 0 for no limit', () => {
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '0', REQUEST_TIMEOUT_MS: '0', MAX_CONNECTIONS_PER_IP: '0' }).connections).toEqual({
      headersTimeoutMs: 0,
      requestTimeoutMs: 0,
      maxPerIp: 0,
    });
  });

  it('refuse a headers timeout longer than the request timeout', () => {
    expect(refusal({ HEADERS_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000' }).message).toBe(
      'HEADERS_TIMEOUT_MS (5000) must not exceed REQUEST_TIMEOUT_MS (4000): the headers are part of the request.',
    );
  });

  it('refuse what is not a non-negative integer, naming the variable', () => {
    expect(refusal({ MAX_CONNECTIONS_PER_IP: '-1' }).message).toBe('MAX_CONNECTIONS_PER_IP must be a non-negative integer, got "-1"');
    expect(refusal({ HEADERS_TIMEOUT_MS: '1.5' }).message).toBe('HEADERS_TIMEOUT_MS must be a non-negative integer, got "1.5"');
  });
});

describe('SHUTDOWN_GRACE_MS', () => {
  it('gives requests in flight 10 s by default, or what it says', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '30000' }).shutdownGraceMs).toBe(30_000);
  });

  it('refuses what is not a non-negative integer', () => {
    expect(refusal({ SHUTDOWN_GRACE_MS: 'soon' }).message).toBe('SHUTDOWN_GRACE_MS must be a non-negative integer, got "soon"');
  });
});

describe('DATABASE_POOL_SIZE and the transaction queue', () => {
  const pg = { DATABASE_URL: 'postgres://db.test/bazaar' };

  it('derives the queue from the pool size: two connections left to reads, ten waiting per connection, 5 s', () => {
    expect(loadConfig(pg).database).toEqual({ poolSize: 10, transactions: { inFlight: 8, waiting: 100, waitMs: 5000 } });
    expect(loadConfig({ ...pg, DATABASE_POOL_SIZE: '4' }).database).toEqual({ poolSize: 4, transactions: { inFlight: 2, waiting: 40, waitMs: 5000 } });
    expect(loadConfig({ ...pg, DATABASE_POOL_SIZE: '1' }).database.transactions.inFlight).toBe(1);
  });

  it('runs one transaction at a time on the embedded engine', () => {
    expect(loadConfig({}).database.transactions).toEqual({ inFlight: 1, waiting: 100, waitMs: 5000 });
  });

  it('takes each setting on its own', () => {
    const env = { ...pg, DB_TRANSACTIONS_IN_FLIGHT: '3', DB_TRANSACTIONS_WAITING: '0', DB_TRANSACTION_WAIT_MS: '250' };
    expect(loadConfig(env).database.transactions).toEqual({ inFlight: 3, waiting: 0, waitMs: 250 });
  });

  it('refuses more transactions in flight than connections', () => {
    expect(refusal({ ...pg, DATABASE_POOL_SIZE: '4', DB_TRANSACTIONS_IN_FLIGHT: '5' }).message).toBe(
      'DB_TRANSACTIONS_IN_FLIGHT (5) must not exceed DATABASE_POOL_SIZE (4): a transaction holds a connection.',
    );
  });
});

describe('DEV_MAILBOX', () => {
  it('follows BAZAAR_DEMO when unset: on with the demo, off in a deployment with BAZAAR_DEMO=0', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ BAZAAR_DEMO: '0' }).devMailbox).toBe(false);
  });

  it('1 or 0 decides whatever the demo', () => {
    expect(loadConfig({ BAZAAR_DEMO: '0', DEV_MAILBOX: '1' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: '0' }).devMailbox).toBe(false);
  });

  it('refuses anything else, naming the variable', () => {
    expect(refusal({ DEV_MAILBOX: 'yes' }).message).toBe('DEV_MAILBOX must be 1 (serve /dev/mailbox) or 0, got "yes"');
  });
});

describe('.env.example', () => {
  const root = new URL('../', import.meta.url);
  /** Every variable loadConfig reads, recorded as it reads them. */
  const settingsRead = () => {
    const names = new Set<string>();
    loadConfig(new Proxy({} as Record<string, string | undefined>, { get: (_env, name) => (names.add(String(name)), undefined) }));
    return [...names].sort();
  };
  // A setting is a commented assignment of its default under a comment saying what it means; one without that comment is not counted.
  const example = readFileSync(new URL('.env.example', root), 'utf8');
  const lines = [...example.matchAll(/^# \S.*\n#([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(([, name, value]) => ({
    name: name!,
    value: value!.replace(/^'(.*)'$/, '$1'),
  }));

  it('lists every setting of src/config.ts once, each under a line saying what it means', () => {
    expect(lines.map((l) => l.name).sort()).toEqual(settingsRead());
  });

  it('shows each setting at its default: setting it to the value shown changes nothing', () => {
    const defaults = loadConfig({});
    for (const { name, value } of lines) expect(loadConfig({ [name]: value }), name).toEqual(defaults);
  });

  it('matches the README’s Configuration table, row for row', () => {
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### PostgreSQL and Redis'));
    const rows = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);
    expect(rows.sort()).toEqual(settingsRead());
  });
});

describe('MULTIPART_MAX_BYTES', () => {
  it('defaults to 25 MiB and takes any size that holds one image of MEDIA_MAX_BYTES', () => {
    expect(loadConfig({}).multipartMaxBytes).toBe(26_214_400);
    expect(loadConfig({ MEDIA_MAX_BYTES: '1000', MULTIPART_MAX_BYTES: '1000' }).multipartMaxBytes).toBe(1000);
  });

  it('refuses a size under MEDIA_MAX_BYTES, which would refuse every full-size upload', () => {
    expect(refusal({ MEDIA_MAX_BYTES: '2000', MULTIPART_MAX_BYTES: '1999' }).message).toBe(
      'MULTIPART_MAX_BYTES must be at least MEDIA_MAX_BYTES (2000), got "1999"',
    );
  });
});
