import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffMember } from '../../../src/domain/team/manage-team.js';
import { expectFailure } from '../../support/failure.js';
import { get, graphql } from '../../support/http.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';
import { MERCHANT } from '../../support/writes.js';

// GET /team-directory (merchant-team-directory-read): the store's team, owners first, contact
// masked unless the key also holds merchant-customers-contact-read; and its GraphQL mirror.

let t: TestApp;
let shop: TestStore;
const joined = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MERCHANT: '0' });
  shop = await makeStore(t.database);
  const operator = { db: t.database.prisma, now: new Date() };
  await addStaffMember(operator, { store: shop.store.slug, name: 'Zoe Support', email: 'Zoe@Example.com', role: 'support' });
  await addStaffMember(operator, { store: shop.store.slug, name: 'Ada Owner', email: 'ada@example.com', role: 'owner', phone: '+14155550161' });
  await addStaffMember(operator, { store: shop.store.slug, name: 'Bo Admin', email: 'bo@example.org', role: 'admin' });
  const other = await makeStore(t.database);
  await addStaffMember(operator, { store: other.store.slug, name: 'Elsewhere', email: 'else@example.com', role: 'owner' });
});
afterAll(() => t.close());

describe('GET /team-directory', () => {
  it('lists the team owners first with contact, for a key with the contact scope', async () => {
    const res = await get(t.app, `${MERCHANT}/team-directory`, shop.privateKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      message: 'Team directory',
      data: [
        { id: expect.any(String), name: 'Ada Owner', role: 'owner', avatar: null, email: 'ada@example.com', phone: '+14155550161', joined_at: joined },
        { id: expect.any(String), name: 'Bo Admin', role: 'admin', avatar: null, email: 'bo@example.org', phone: null, joined_at: joined },
        { id: expect.any(String), name: 'Zoe Support', role: 'support', avatar: null, email: 'zoe@example.com', phone: null, joined_at: joined },
      ],
      has_more: false,
      next_cursor: null,
    });
  });

  it('masks email and phone without merchant-customers-contact-read', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-team-directory-read'] });
    const res = await get(t.app, `${MERCHANT}/team-directory`, key);
    expect(res.body.data.map((m: { email: string; phone: string | null }) => [m.email, m.phone])).toEqual([
      ['a***@example.com', '+1******0161'],
      ['b***@example.org', null],
      ['z***@example.com', null],
    ]);
  });

  it('refuses a key without merchant-team-directory-read with 403 insufficient_scope', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-customers-contact-read'] });
    expectFailure(await get(t.app, `${MERCHANT}/team-directory`, key), 403, 'insufficient_scope');
  });

  it('mirrors it in GraphQL, masked the same way', async () => {
    const key = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-team-directory-read'] });
    const res = await graphql(t.app, key, '{ merchant { teamDirectory { name role email phone } } }');
    expect(res.body).toEqual({
      data: {
        merchant: {
          teamDirectory: [
            { name: 'Ada Owner', role: 'owner', email: 'a***@example.com', phone: '+1******0161' },
            { name: 'Bo Admin', role: 'admin', email: 'b***@example.org', phone: null },
            { name: 'Zoe Support', role: 'support', email: 'z***@example.com', phone: null },
          ],
        },
      },
    });
  });
});
