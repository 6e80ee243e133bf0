import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectValidation } from '../../support/failure.js';
import { get } from '../../support/http.js';
import { makeCustomer, uniqueContacts } from '../../support/merchant-customers.js';
import type { SignedInCustomer } from '../../support/customers.js';
import { makeKey, makeStore, type TestStore } from '../../support/stores.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

// Thursday 2026-03-05 01:30 in Kolkata (UTC+05:30), still Wednesday 2026-03-04 in UTC.
const NOW = new Date('2026-03-04T20:00:00Z');
const { domain, stamp, email, phone } = uniqueContacts();

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let reader: string;
let contactReader: string;
let detailOnly: string;
let ada: SignedInCustomer;
let bob: SignedInCustomer;
let cy: SignedInCustomer;
let dee: SignedInCustomer;
let eve: SignedInCustomer;
let fay: SignedInCustomer;
let gus: SignedInCustomer;
let foreign: SignedInCustomer;
let everyone: SignedInCustomer[];

const base = '/api/v1/merchant';
const read = (url: string, key = reader) => get(t.app, `${base}${url}`, key);
const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((c) => c.id);
const idsOf = (...customers: SignedInCustomer[]) => customers.map((c) => c.customer.id);

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => NOW.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { timezone: 'Asia/Kolkata' } });
  shop.store = await t.database.prisma.store.findUniqueOrThrow({ where: { id: shop.store.id } });
  const slug = shop.store.slug;
  reader = await makeKey(t.database, { store: slug, kind: 'private', scopes: ['merchant-customers-read', 'merchant-customers-detail'] });
  contactReader = await makeKey(t.database, {
    store: slug,
    kind: 'private',
    scopes: ['merchant-customers-read', 'merchant-customers-detail', 'merchant-customers-contact-read'],
  });
  detailOnly = await makeKey(t.database, { store: slug, kind: 'private', scopes: ['merchant-customers-detail'] });
  const s = shop.store;
  // Today in Kolkata.
  ada = await makeCustomer(t.database, s, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('ada'),
    phone: phone('0161'),
    createdAt: '2026-03-04T19:00:00Z',
    ordersCount: 3,
  });
  // Yesterday in Kolkata, though today in UTC.
  bob = await makeCustomer(t.database, s, {
    firstName: 'Bob',
    lastName: 'Lovelace',
    email: email('bob'),
    createdAt: '2026-03-04T10:00:00Z',
    ordersCount: 3,
  });
  // Monday 01:30 in Kolkata: this week there, last week in UTC.
  cy = await makeCustomer(t.database, s, { firstName: 'Ada', lastName: 'Byron', email: null, phone: phone('0162'), createdAt: '2026-03-01T20:00:00Z' });
  // Sunday 22:30 in Kolkata: last week, this month.
  dee = await makeCustomer(t.database, s, {
    firstName: 'Dee',
    lastName: 'Lovelace',
    email: email('dee'),
    createdAt: '2026-03-01T17:00:00Z',
    ordersCount: 1,
  });
  // 1 March 01:30 in Kolkata: this month there, February in UTC. The same name as ada.
  eve = await makeCustomer(t.database, s, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('eve'),
    createdAt: '2026-02-28T20:00:00Z',
    ordersCount: 3,
  });
  // February everywhere; fay and gus joined at the same instant.
  fay = await makeCustomer(t.database, s, { firstName: 'Fay', lastName: 'Zed', email: email('fay'), createdAt: '2026-02-28T12:00:00Z' });
  gus = await makeCustomer(t.database, s, { firstName: 'Gus', lastName: 'Zed', email: null, createdAt: '2026-02-28T12:00:00Z' });
  foreign = await makeCustomer(t.database, other.store, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('foreign'),
    createdAt: '2026-03-04T19:00:00Z',
  });
  everyone = [ada, bob, cy, dee, eve, fay, gus];
});
afterAll(() => t.close());

/** Every page of a list, walked with `limit`. */
async function walk(url: string, limit: number, key = reader) {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await read(`${url}${sep}limit=${limit}${cursor ? `&starting_after=${encodeURIComponent(cursor)}` : ''}`, key);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(limit);
    rows.push(...res.body.data);
    expect(res.body.has_more).toBe(res.body.next_cursor !== null);
    cursor = res.body.next_cursor;
  } while (cursor);
  return rows;
}

describe('GET /customers', () => {
  it('lists the store’s customers, newest first, with contact masked without the contact scope', async () => {
    const res = await read('/customers');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'success', message: 'Customers', has_more: false, next_cursor: null });
    expect(ids(res).slice(0, 5)).toEqual(idsOf(ada, bob, cy, dee, eve));
    expect(ids(res).slice(5).sort()).toEqual(idsOf(fay, gus).sort());
    expect(res.body.data[0]).toEqual({
      id: ada.customer.id,
      uid: ada.customer.uid,
      name: 'Ada Lovelace',
      email: `a***@${domain}`,
      phone: '+1*****0161',
      avatar: null,
      created_at: '2026-03-04T19:00:00.000Z',
      updated_at: ada.customer.updatedAt.toISOString(),
    });
    expect(res.body.data[2]).toMatchObject({ id: cy.customer.id, email: null, phone: '+1*****0162' });
  });

  it('shows contact unmasked with merchant-customers-contact-read', async () => {
    const res = await read('/customers?limit=1', contactReader);
    expect(res.body.data[0]).toMatchObject({ id: ada.customer.id, email: email('ada'), phone: phone('0161') });
  });

  it('never lists another store’s customer', async () => {
    const res = await read('/customers?search=Lovelace');
    expect(ids(res)).not.toContain(foreign.customer.id);
    expect((await walk('/customers', 3)).map((c) => c.id)).not.toContain(foreign.customer.id);
  });

  it('answers insufficient_scope naming merchant-customers-read without it', async () => {
    expectFailure(await read('/customers', detailOnly), 403, 'insufficient_scope', expect.stringContaining('merchant-customers-read'));
  });

  describe('period, in the store’s time zone', () => {
    it('today starts at local midnight', async () => {
      expect(ids(await read('/customers?period=today'))).toEqual(idsOf(ada));
    });
    it('this_week starts on Monday', async () => {
      expect(ids(await read('/customers?period=this_week'))).toEqual(idsOf(ada, bob, cy));
    });
    it('this_month starts on the 1st', async () => {
      expect(ids(await read('/customers?period=this_month'))).toEqual(idsOf(ada, bob, cy, dee, eve));
    });
    it('combines with the date filters', async () => {
      expect(ids(await read('/customers?period=this_month&created_before=2026-03-04T10:00:00Z'))).toEqual(idsOf(cy, dee, eve));
    });
  });

  it('filters strictly after created_after and strictly before created_before', async () => {
    expect(ids(await read('/customers?created_after=2026-03-01T17:00:00Z'))).toEqual(idsOf(ada, bob, cy));
    expect(ids(await read('/customers?created_after=2026-02-28T12:00:00Z&created_before=2026-03-04T10:00:00Z'))).toEqual(idsOf(cy, dee, eve));
    expect(ids(await read('/customers?created_after=2026-03-02'))).toEqual(idsOf(ada, bob));
  });

  describe('search', () => {
    it('matches every word in the first or last name, any case', async () => {
      expect(ids(await read('/customers?search=ada'))).toEqual(idsOf(ada, cy, eve));
      expect(ids(await read('/customers?search=ada%20LOVE'))).toEqual(idsOf(ada, eve));
      expect(ids(await read('/customers?search=zed'))).toHaveLength(2);
    });

    it('does not match the email or phone without the contact scope', async () => {
      expect(ids(await read('/customers?search=fay'))).toEqual(idsOf(fay));
      expect(ids(await read('/customers?search=example'))).toEqual([]);
    });

    it('refuses an email- or phone-like search without the contact scope, naming the scope', async () => {
      for (const search of [`ada%40${domain}`, '%40example', '2015550161', '%2B1%20201']) {
        expectFailure(await read(`/customers?search=${search}`), 403, 'insufficient_scope', expect.stringContaining('merchant-customers-contact-read'));
      }
    });

    it('matches the email and phone with the contact scope', async () => {
      expect(ids(await read(`/customers?search=ada%40${domain}`, contactReader))).toEqual(idsOf(ada));
      expect(ids(await read(`/customers?search=%2B1%20(${stamp.slice(0, 3)})%20${stamp.slice(3)}-0162`, contactReader))).toEqual(idsOf(cy));
      expect(ids(await read('/customers?search=example', contactReader))).toEqual(idsOf(ada, bob, dee, eve, fay));
    });

    it('binds the cursor to whether the search reached the contact', async () => {
      const first = await read('/customers?search=ada&limit=1', contactReader);
      expectFailure(await read(`/customers?search=ada&limit=1&starting_after=${first.body.next_cursor}`), 422, 'starting_after_invalid');
    });
  });

  describe('contact filters', () => {
    it('filter by the whole email or phone with the contact scope', async () => {
      expect(ids(await read(`/customers?email=ADA%40${domain}`, contactReader))).toEqual(idsOf(ada));
      expect(ids(await read(`/customers?phone=%2B1%20${stamp}-0162`, contactReader))).toEqual(idsOf(cy));
    });
    it('answer insufficient_scope naming the contact scope without it', async () => {
      expectFailure(await read(`/customers?email=ada%40${domain}`), 403, 'insufficient_scope', expect.stringContaining('merchant-customers-contact-read'));
      expectFailure(
        await read(`/customers?phone=${encodeURIComponent(phone('0161'))}`),
        403,
        'insufficient_scope',
        expect.stringContaining('merchant-customers-contact-read'),
      );
    });
  });

  describe('sorts', () => {
    const sorts = ['created_at', 'updated_at', 'joined_date', 'name', 'email', 'phone', 'p_id', 'customer_orders_count'];

    it.each(sorts.flatMap((sort) => ['asc', 'desc'].map((order) => [sort, order])))(
      'sort_by=%s sort_order=%s walks every customer exactly once, in the order of one page',
      async (sort, order) => {
        const url = `/customers?sort_by=${sort}&sort_order=${order}`;
        const whole = ids(await read(`${url}&limit=100`, contactReader));
        expect([...whole].sort()).toEqual(idsOf(...everyone).sort());
        for (const limit of [1, 2, 3]) expect((await walk(url, limit, contactReader)).map((c) => c.id)).toEqual(whole);
      },
    );

    it('breaks ties by id in the sort direction', async () => {
      expect(ids(await read('/customers?sort_by=name&sort_order=asc'))).toEqual([
        ...idsOf(cy),
        ...idsOf(ada, eve).sort((a, b) => a - b),
        ...idsOf(bob, dee, fay, gus),
      ]);
      const busiest = ids(await read('/customers?sort_by=customer_orders_count&sort_order=desc&limit=3'));
      expect(busiest).toEqual(idsOf(ada, bob, eve).sort((a, b) => b - a));
    });

    it('puts customers without the contact last in either direction', async () => {
      for (const order of ['asc', 'desc']) {
        const emails = (await read(`/customers?sort_by=email&sort_order=${order}`, contactReader)).body.data.map((c: { email: string | null }) => c.email);
        expect(emails.slice(-2)).toEqual([null, null]);
      }
      expect(ids(await read('/customers?sort_by=phone&sort_order=asc', contactReader)).slice(0, 2)).toEqual(idsOf(ada, cy));
    });

    it('refuses sorting by email or phone without the contact scope', async () => {
      for (const sort of ['email', 'phone']) {
        expectFailure(await read(`/customers?sort_by=${sort}`), 403, 'insufficient_scope', expect.stringContaining('merchant-customers-contact-read'));
      }
    });

    it('binds the cursor to the sort', async () => {
      const first = await read('/customers?sort_by=name&limit=1');
      expectFailure(await read(`/customers?sort_by=p_id&starting_after=${first.body.next_cursor}`), 422, 'starting_after_invalid');
      expectFailure(await read(`/customers?sort_by=name&sort_order=asc&starting_after=${first.body.next_cursor}`), 422, 'starting_after_invalid');
    });
  });

  it('names a bad parameter', async () => {
    expectValidation(await read('/customers?limit=0'), 'limit');
    expectValidation(await read('/customers?limit=101'), 'limit');
    expectValidation(await read('/customers?sort_by=age'), 'sort_by');
    expectValidation(await read('/customers?sort_order=up'), 'sort_order');
    expectValidation(await read('/customers?period=yesterday'), 'period');
    expectValidation(await read('/customers?created_after=2026-02-30'), 'created_after');
    expectValidation(await read('/customers?created_before=soon'), 'created_before');
    expectValidation(await read(`/customers?search=${'a'.repeat(256)}`), 'search');
    expect((await read(`/customers?search=${'a'.repeat(255)}`)).status).toBe(200);
    expectFailure(await read('/customers?starting_after=abc'), 422, 'starting_after_invalid');
    const first = await read('/customers?limit=1');
    const [body, signature] = String(first.body.next_cursor).split('.');
    expectFailure(await read(`/customers?starting_after=${body}x.${signature}`), 422, 'starting_after_invalid');
  });
});

describe('GET /customers/{customer}', () => {
  it('reads a customer by integer id or uuid, masked without the contact scope', async () => {
    for (const ref of [ada.customer.id, ada.customer.uid]) {
      const res = await read(`/customers/${ref}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        message: 'Customer',
        data: {
          id: ada.customer.id,
          uid: ada.customer.uid,
          name: 'Ada Lovelace',
          email: `a***@${domain}`,
          phone: '+1*****0161',
          avatar: null,
          created_at: '2026-03-04T19:00:00.000Z',
          updated_at: ada.customer.updatedAt.toISOString(),
        },
      });
    }
    expect((await read(`/customers/${ada.customer.id}`, contactReader)).body.data).toMatchObject({ email: email('ada'), phone: phone('0161') });
  });

  it('answers 404 for another store’s customer and for what names no customer', async () => {
    for (const ref of [foreign.customer.id, foreign.customer.uid, 'nobody', '99999999']) {
      expectFailure(await read(`/customers/${ref}`), 404, 'not_found', 'Customer not found.');
    }
  });

  it('needs merchant-customers-detail', async () => {
    const listOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-customers-read'] });
    expectFailure(await read(`/customers/${ada.customer.id}`, listOnly), 403, 'insufficient_scope', expect.stringContaining('merchant-customers-detail'));
  });
});
