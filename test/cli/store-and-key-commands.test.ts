import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantScopes } from '../../src/auth/scopes.js';
import { expectFailure } from '../support/failure.js';
import { get } from '../support/http.js';
import { cli, cliFailure, cliJson, pointCliAtTestDatabase, uniqueSlug, withApp } from './cli-harness.js';

// Issue, CLI: `store create|update` and `key create|revoke`, with --json and as text, and the
// keys they mint working (or failing as the spec says) against a whole app on the same database.

const db = pointCliAtTestDatabase();
afterAll(() => db.cleanup());

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const isoTime = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
const PRODUCTS = '/api/v1/merchant/products';

// One live and one dev store shared by the command tests; the end-to-end tests make their own.
const live = uniqueSlug();
const dev = uniqueSlug();
let liveId: string;

beforeAll(async () => {
  liveId = (await cliJson('store', 'create', '--name', 'Corner Shop', '--slug', live, '--currency', 'EUR', '--country', 'FR', '--locales', 'en,fr')).id;
});

describe('store create', () => {
  it('prints the store as one JSON object: live, active, the locales in order', async () => {
    const slug = uniqueSlug();
    const store = await cliJson('store', 'create', '--name', 'Paper Goods', '--slug', slug, '--currency', 'GBP', '--country', 'GB', '--locales', 'en-GB, fr');
    expect(store).toEqual({ id: uuid, slug, name: 'Paper Goods', currency: 'GBP', mode: 'live', plan: 'active', locales: ['en-GB', 'fr'] });
  });

  it('makes a dev store with --dev, taking --plan, and defaults to USD and en', async () => {
    const store = await cliJson('store', 'create', '--name', 'Dev Shop', '--slug', dev, '--dev', '--plan', 'inactive');
    expect(store).toEqual({ id: uuid, slug: dev, name: 'Dev Shop', currency: 'USD', mode: 'dev', plan: 'inactive', locales: ['en'] });
  });

  it('refuses a taken slug with conflict on stderr, exit 1 and nothing on stdout', async () => {
    const failure = await cliFailure('store', 'create', '--name', 'Again', '--slug', live);
    expect(failure).toEqual({ code: 1, error: { code: 'conflict', message: `A store with slug "${live}" already exists.` } });
  });

  it('refuses a currency that is not an ISO 4217 code with validation_failed naming the field', async () => {
    const failure = await cliFailure('store', 'create', '--name', 'Bad Money', '--slug', uniqueSlug(), '--currency', 'usd');
    const message = 'must be an ISO 4217 code such as USD';
    expect(failure).toEqual({ code: 1, error: { code: 'validation_failed', message, errors: { currency: [message] } } });
  });

  it('prints a readable summary without --json, and a readable error', async () => {
    const slug = uniqueSlug();
    const created = await cli('store', 'create', '--name', 'Text Shop', '--slug', slug);
    expect(created.code).toBe(0);
    const id = created.stdout[0]!.match(/id {8}(\S+)/)?.[1];
    expect(created).toEqual({
      code: 0,
      stdout: [`Created store "Text Shop" (${slug})\n  id        ${id}\n  currency  USD\n  mode      live\n  plan      active\n  locales   en`],
      stderr: [],
    });
    // Without --json every field's message is listed under a fixed first line.
    expect(await cli('store', 'create', '--name', 'Text Shop', '--slug', 'Not A Slug')).toEqual({
      code: 1,
      stdout: [],
      stderr: ['bazaar: invalid input\n  slug: must be lower-case letters, digits and dashes (1-64)'],
    });
  });
});

describe('store update', () => {
  it('changes plan, mode and name together and prints the store', async () => {
    const store = await cliJson('store', 'update', '--store', dev, '--plan', 'active', '--mode', 'live', '--name', 'Dev Shop, Live');
    expect(store).toEqual({ id: uuid, slug: dev, name: 'Dev Shop, Live', currency: 'USD', mode: 'live', plan: 'active', locales: ['en'] });
    // And back: the key tests below need this store in dev mode.
    expect(await cliJson('store', 'update', '--store', dev, '--mode', 'dev')).toMatchObject({ slug: dev, mode: 'dev', plan: 'active', name: 'Dev Shop, Live' });
  });

  it('answers not_found for an unknown store', async () => {
    const slug = uniqueSlug('missing');
    expect(await cliFailure('store', 'update', '--store', slug, '--plan', 'inactive')).toEqual({
      code: 1,
      error: { code: 'not_found', message: `Store "${slug}" not found.` },
    });
  });

  it('refuses a mode other than live or dev', async () => {
    const failure = await cliFailure('store', 'update', '--store', live, '--mode', 'test');
    expect(failure).toEqual({ code: 1, error: { code: 'validation_failed', message: 'must be live or dev', errors: { mode: ['must be live or dev'] } } });
  });
});

describe('key create', () => {
  it('mints a pk_live_ public key of a live store with its origins and no scopes', async () => {
    const key = await cliJson('key', 'create', '--store', live, '--kind', 'public', '--origins', 'https://a.example,https://b.example');
    expect(key).toEqual({
      id: uuid,
      key: expect.stringMatching(/^pk_live_[A-Za-z0-9_-]{20,}$/),
      kind: 'public',
      mode: 'live',
      scopes: [],
      origins: ['https://a.example', 'https://b.example'],
      expires_at: null,
    });
  });

  it('mints an sk_live_ private key with every merchant scope for --scopes all', async () => {
    const key = await cliJson('key', 'create', '--store', live, '--kind', 'private', '--scopes', 'all');
    expect(key).toEqual({
      id: uuid,
      key: expect.stringMatching(/^sk_live_[A-Za-z0-9_-]{20,}$/),
      kind: 'private',
      mode: 'live',
      scopes: [...merchantScopes],
      origins: [],
      expires_at: null,
    });
  });

  it('mints a pk_test_ key for a dev store, open to every origin when none are given', async () => {
    const key = await cliJson('key', 'create', '--store', dev, '--kind', 'public');
    expect(key).toMatchObject({ key: expect.stringMatching(/^pk_test_/), kind: 'public', mode: 'test', origins: ['*'] });
  });

  it('keeps a scope list as given', async () => {
    const key = await cliJson(
      'key',
      'create',
      '--store',
      dev,
      '--kind',
      'private',
      '--scopes',
      'merchant-items-read, merchant-items-read,merchant-coupons-read',
    );
    expect(key).toMatchObject({ key: expect.stringMatching(/^sk_test_/), mode: 'test', scopes: ['merchant-items-read', 'merchant-coupons-read'] });
  });

  it('refuses a kind other than public or private', async () => {
    const failure = await cliFailure('key', 'create', '--store', live, '--kind', 'secret');
    expect(failure).toEqual({
      code: 1,
      error: { code: 'validation_failed', message: 'must be public or private', errors: { kind: ['must be public or private'] } },
    });
  });

  it('answers not_found for an unknown store', async () => {
    const slug = uniqueSlug('missing');
    expect(await cliFailure('key', 'create', '--store', slug, '--kind', 'public')).toEqual({
      code: 1,
      error: { code: 'not_found', message: `Store "${slug}" not found.` },
    });
  });

  it('refuses an --expires-at that is not ISO 8601', async () => {
    const failure = await cliFailure('key', 'create', '--store', live, '--kind', 'private', '--expires-at', 'tomorrow');
    expect(failure).toMatchObject({
      code: 1,
      error: { code: 'validation_failed', errors: { 'expires-at': ['must be an ISO 8601 timestamp, such as 2026-01-31T12:00:00Z'] } },
    });
  });
});

describe('key revoke', () => {
  it('revokes a key, and a second revoke keeps the first time', async () => {
    const { id } = await cliJson('key', 'create', '--store', live, '--kind', 'public');
    const first = await cliJson('key', 'revoke', '--id', id);
    expect(first).toEqual({ id, revoked: true, revoked_at: isoTime });
    expect(await cliJson('key', 'revoke', '--id', id)).toEqual(first);
  });

  it('answers not_found for an id that is no key', async () => {
    expect(await cliFailure('key', 'revoke', '--id', 'not-a-uuid')).toEqual({ code: 1, error: { code: 'not_found', message: 'API key not found.' } });
  });
});

// The command line is checked before any database is opened; exit code 2 tells it apart from a refusal.
describe('usage errors', () => {
  it.each([
    [['frobnicate'], 'Unknown command "frobnicate".'],
    [[], 'No command given.'],
    [['store', 'create', '--name', 'No Slug'], '"store create" needs --slug.'],
    [['key', 'revoke', '--id', 'x', '--store', 'y'], '"key revoke" does not take --store.'],
    [['store', 'create', '--colour', 'red'], "Unknown option '--colour'."],
  ])('exits 2 for %j', async (args, message) => {
    expect(await cliFailure(...args)).toEqual({ code: 2, error: { code: 'usage_error', message } });
  });

  it('points at --help in text mode', async () => {
    expect(await cli('store', 'create', '--name', 'No Slug')).toEqual({
      code: 2,
      stdout: [],
      stderr: ['bazaar: "store create" needs --slug.\nRun "bazaar --help" for usage.'],
    });
  });

  it('prints the usage on stdout for --help, as one object with --json', async () => {
    const run = await cli('--help', '--json');
    expect(run.code).toBe(0);
    expect(run.stdout).toHaveLength(1);
    const { usage } = JSON.parse(run.stdout[0]!);
    for (const command of ['store create', 'store update', 'key create', 'key revoke', 'seed', 'demo'])
      expect(usage).toMatch(new RegExp(`\\n  ${command}[ \\n]`));
  });
});

// The keys the CLI prints are the ones the API takes, on the server's own database.
describe('keys minted by the CLI, end to end', () => {
  it('a public key answers the storefront until it is revoked, then 401 invalid_client_key', async () => {
    const { id, key } = await cliJson('key', 'create', '--store', live, '--kind', 'public', '--origins', 'https://a.example');
    await withApp(db, async (t) => {
      const res = await get(t.app, '/v1/store/info', key, { origin: 'https://a.example' });
      expect({ status: res.status, id: res.body.data?.id, slug: res.body.data?.slug }).toEqual({ status: 200, id: liveId, slug: live });
    });
    await cliJson('key', 'revoke', '--id', id);
    await withApp(db, async (t) => {
      expectFailure(await get(t.app, '/v1/store/info', key, { origin: 'https://a.example' }), 401, 'invalid_client_key');
    });
  });

  it('store update --mode dev leaves the live private key as it was: 401 api_key_mode_mismatch; a new key is sk_test_', async () => {
    const slug = uniqueSlug();
    await cliJson('store', 'create', '--name', 'Switching Shop', '--slug', slug);
    const { key } = await cliJson('key', 'create', '--store', slug, '--kind', 'private', '--scopes', 'all');
    await withApp(db, async (t) => {
      expect((await get(t.app, PRODUCTS, key)).status).toBe(200);
    });
    await cliJson('store', 'update', '--store', slug, '--mode', 'dev');
    const testKey = (await cliJson('key', 'create', '--store', slug, '--kind', 'private', '--scopes', 'all')).key;
    expect(testKey).toMatch(/^sk_test_/);
    await withApp(db, async (t) => {
      expectFailure(await get(t.app, PRODUCTS, key), 401, 'api_key_mode_mismatch');
      expect((await get(t.app, PRODUCTS, testKey)).status).toBe(200);
    });
  });

  it('takes an --expires-at in the past, and the merchant API answers that key 403 api_key_expired', async () => {
    const created = await cliJson(
      'key',
      'create',
      '--store',
      live,
      '--kind',
      'private',
      '--scopes',
      'merchant-items-read',
      '--expires-at',
      '2020-01-31T12:00:00Z',
    );
    expect(created).toMatchObject({ kind: 'private', mode: 'live', expires_at: '2020-01-31T12:00:00.000Z' });
    await withApp(db, async (t) => {
      expectFailure(await get(t.app, PRODUCTS, created.key), 403, 'api_key_expired', 'This API key expired at 2020-01-31T12:00:00.000Z.');
    });
  });
});
