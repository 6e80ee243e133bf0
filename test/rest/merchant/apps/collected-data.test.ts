import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appDataPurge } from '../../../../src/domain/apps/purge-job.js';
import { installTestApp, type TestInstallation } from '../../../support/apps.js';
import { expectFailure } from '../../../support/failure.js';
import { get } from '../../../support/http.js';
import { makeStore, type TestStore } from '../../../support/stores.js';
import { startTestApp, type TestApp } from '../../../support/test-app.js';
import { MERCHANT, outboxOf, send } from '../../../support/writes.js';

// Issue 20, collected data: GET|POST /collected-definitions, PATCH /collected-definitions/{definition}
// and POST /records, with ownership from every side (two installations, the merchant's key, another store).

let t: TestApp;
let now = new Date('2026-11-26T10:00:00.000Z');
let shop: TestStore;
let mine: TestInstallation;
let theirs: TestInstallation;

const scopes = ['merchant-collected-definitions-manage', 'merchant-collected-records-submit'];
const typeOf = (i: TestInstallation, name: string) => `app_${i.appSlug}_${i.id}_${name}`;

const fields = [
  { key: 'email', name: 'Email', type: 'email', required: true },
  { key: 'age', name: 'Age', type: 'integer', required: false, validations: [{ name: 'min', value: 18 }] },
  { key: 'size', name: 'Size', type: 'single_line_text', required: false, validations: [{ name: 'choices', value: ['S', 'M', 'L'] }] },
  { key: 'born', name: 'Born', type: 'date', required: false },
];

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => now.getTime() });
  shop = await makeStore(t.database);
  mine = await installTestApp(t.database, shop.store, scopes);
  theirs = await installTestApp(t.database, shop.store, scopes);
});
afterAll(() => t.close());

describe('POST /collected-definitions', () => {
  it('creates a definition owned by the calling installation, data_class collected', async () => {
    const res = await send(t.app, mine.key, 'POST', '/collected-definitions', { type: typeOf(mine, 'survey'), name: 'Survey', display_field: 'email', retention_days: 30, fields });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      p_id: expect.any(Number),
      type: typeOf(mine, 'survey'),
      name: 'Survey',
      description: null,
      display_field: 'email',
      storefront_visible: false,
      has_pages: false,
      data_class: 'collected',
      entry_cap_override: null,
      retention_days: 30,
      fields: fields.map((f) => ({ validations: [], ...f })),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    });
    expect(res.headers.location).toBe(`${MERCHANT}/collected-definitions/${res.body.data.p_id}`);
    expect((await outboxOf(t.database, shop.store)).at(-1)).toEqual({
      topic: 'collected_definitions/create',
      payload: { id: res.body.data.p_id, installation_id: mine.id, type: typeOf(mine, 'survey') },
    });
  });

  it("answers 403 for a type without the installation's prefix, another installation's included", async () => {
    for (const type of ['survey', typeOf(theirs, 'survey'), `app_${mine.appSlug}_${mine.id}`]) {
      const res = await send(t.app, mine.key, 'POST', '/collected-definitions', { type, name: 'S', fields });
      expect(res.status, type).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });

  it('never takes data_class or an owner from the body', async () => {
    const res = await send(t.app, mine.key, 'POST', '/collected-definitions', { type: typeOf(mine, 'x'), name: 'X', fields, data_class: 'merchant' });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({ data_class: ['is not a field of this operation'] });
  });

  it('answers 403 forbidden to a merchant key', async () => {
    expectFailure(await send(t.app, shop.privateKey, 'POST', '/collected-definitions', { type: 'app_x_1_y', name: 'Y', fields }), 403, 'forbidden');
  });
});

describe('GET /collected-definitions', () => {
  it("lists only the calling installation's definitions, by type, with a cursor", async () => {
    await send(t.app, mine.key, 'POST', '/collected-definitions', { type: typeOf(mine, 'alpha'), name: 'Alpha', fields });
    await send(t.app, theirs.key, 'POST', '/collected-definitions', { type: typeOf(theirs, 'beta'), name: 'Beta', fields });
    const first = await get(t.app, `${MERCHANT}/collected-definitions?limit=1`, mine.key);
    expect(first.body.data.map((d: any) => d.type)).toEqual([typeOf(mine, 'alpha')]);
    expect(first.body.has_more).toBe(true);
    const rest = await get(t.app, `${MERCHANT}/collected-definitions?limit=100&starting_after=${first.body.next_cursor}`, mine.key);
    expect(rest.body.data.map((d: any) => d.type)).toEqual([typeOf(mine, 'survey')]);
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
  });
});

describe('PATCH /collected-definitions/{definition}', () => {
  it('changes the fields sent; type is immutable; another owner gets 403; another store 404', async () => {
    const created = (await send(t.app, mine.key, 'POST', '/collected-definitions', { type: typeOf(mine, 'patchme'), name: 'Before', fields })).body.data;
    now = new Date(now.getTime() + 1000);
    const patched = await send(t.app, mine.key, 'PATCH', `/collected-definitions/${created.p_id}`, { name: 'After', retention_days: null });
    expect(patched.body.data).toEqual({ ...created, name: 'After', updated_at: now.toISOString() });
    const typeChange = await send(t.app, mine.key, 'PATCH', `/collected-definitions/${created.p_id}`, { type: typeOf(mine, 'other') });
    expect(typeChange.status).toBe(422);
    expect(typeChange.body.error.errors).toEqual({ type: [`is immutable: this definition's type is ${typeOf(mine, 'patchme')}`] });
    expectFailure(await send(t.app, theirs.key, 'PATCH', `/collected-definitions/${created.p_id}`, { name: 'Mine now' }), 403, 'forbidden');
    const elsewhere = await makeStore(t.database);
    const stranger = await installTestApp(t.database, elsewhere.store, scopes);
    expectFailure(await send(t.app, stranger.key, 'PATCH', `/collected-definitions/${created.p_id}`, { name: 'X' }), 404, 'not_found', 'Collected definition not found.');
  });

  it("answers 403 for the merchant's own definition", async () => {
    const merchants = await t.database.prisma.collectedDefinition.create({
      data: { storeId: shop.store.id, installationId: null, type: 'merchant_notes', name: 'Notes', fields: [] },
    });
    const res = await send(t.app, mine.key, 'PATCH', `/collected-definitions/${merchants.pId}`, { name: 'Taken' });
    expectFailure(res, 403, 'forbidden', `Collected definition ${merchants.pId} belongs to the merchant; only its owner changes it.`);
  });
});

describe('POST /records', () => {
  it('stores a record checked against its definition, expiring after retention_days', async () => {
    const res = await send(t.app, mine.key, 'POST', '/records', { type: typeOf(mine, 'survey'), fields: { email: 'ada@example.com', age: 36, size: 'M', born: '1990-02-03' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(Number),
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: typeOf(mine, 'survey'),
      definition_p_id: expect.any(Number),
      fields: { email: 'ada@example.com', age: 36, size: 'M', born: '1990-02-03' },
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    });
  });

  it('names every failing field: required, type, validations, unknown keys', async () => {
    const res = await send(t.app, mine.key, 'POST', '/records', { type: typeOf(mine, 'survey'), fields: { age: 12, size: 'XL', born: '1990-02-30', shoe: 42 } });
    expect(res.status).toBe(422);
    expect(res.body.error.errors).toEqual({
      'fields.shoe': [`is not a field of ${typeOf(mine, 'survey')}`],
      'fields.email': ['is required'],
      'fields.age': ['must be at least 18'],
      'fields.size': ['must be one of S, M, L'],
      'fields.born': ['must be a date such as 2026-01-31'],
    });
  });

  it("answers 403 for another installation's definition and 422 for an unknown type", async () => {
    expectFailure(await send(t.app, theirs.key, 'POST', '/records', { type: typeOf(mine, 'survey'), fields: { email: 'a@b.co' } }), 403, 'forbidden');
    const unknown = await send(t.app, mine.key, 'POST', '/records', { type: typeOf(mine, 'nothing'), fields: {} });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.error.errors)).toEqual(['type']);
  });

  it('stops at the entry cap with 422 limit_reached', async () => {
    const type = typeOf(mine, 'capped');
    await send(t.app, mine.key, 'POST', '/collected-definitions', { type, name: 'Capped', entry_cap_override: 2, fields });
    for (let i = 0; i < 2; i++) expect((await send(t.app, mine.key, 'POST', '/records', { type, fields: { email: `u${i}@example.com` } })).status).toBe(201);
    expectFailure(await send(t.app, mine.key, 'POST', '/records', { type, fields: { email: 'late@example.com' } }), 422, 'limit_reached');
  });

  it('runs submissions past the cap one at a time: concurrent ones never exceed it', async () => {
    const type = typeOf(mine, 'raced');
    await send(t.app, mine.key, 'POST', '/collected-definitions', { type, name: 'Raced', entry_cap_override: 3, fields });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(t.app, mine.key, 'POST', '/records', { type, fields: { email: `r${i}@example.com` } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 422, 422, 422, 422, 422]);
  });
});

describe('the purge job', () => {
  it('deletes records past retention_days, then installations uninstalled over 30 days ago with their data', async () => {
    const before = await t.database.prisma.collectedRecord.count({ where: { storeId: shop.store.id, expiresAt: { not: null } } });
    expect(before).toBeGreaterThan(0);
    const purge = appDataPurge(t.database.prisma, t.app.log);
    await purge.runOnce(new Date(now.getTime() + 31 * 86_400_000));
    expect(await t.database.prisma.collectedRecord.count({ where: { storeId: shop.store.id, expiresAt: { not: null } } })).toBe(0);
    expect(await t.database.prisma.collectedRecord.count({ where: { storeId: shop.store.id } })).toBeGreaterThan(0);

    await t.database.prisma.appInstallation.update({ where: { id: theirs.id }, data: { uninstalledAt: now } });
    await purge.runOnce(new Date(now.getTime() + 29 * 86_400_000));
    expect(await t.database.prisma.collectedDefinition.count({ where: { installationId: theirs.id } })).toBe(1);
    await purge.runOnce(new Date(now.getTime() + 31 * 86_400_000));
    expect(await t.database.prisma.appInstallation.count({ where: { id: theirs.id } })).toBe(0);
    expect(await t.database.prisma.collectedDefinition.count({ where: { installationId: theirs.id } })).toBe(0);
  });
});
