import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInCustomer } from '../support/customers.js';
import { get, graphql } from '../support/http.js';
import { makeCustomer, uniqueContacts } from '../support/merchant-customers.js';
import { makeKey, makeStore, type TestStore } from '../support/stores.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Thursday 2026-03-05 01:30 in Kolkata, still Wednesday in UTC.
const NOW = new Date('2026-03-04T20:00:00Z');
const { domain, email, phone } = uniqueContacts();

let t: TestApp;
let shop: TestStore;
let other: TestStore;
let reader: string;
let contactReader: string;
let ada: SignedInCustomer;
let bob: SignedInCustomer;
let eve: SignedInCustomer;
let cy: SignedInCustomer;
let foreign: SignedInCustomer;

beforeAll(async () => {
  t = await startTestApp({}, { clock: () => NOW.getTime() });
  shop = await makeStore(t.database);
  other = await makeStore(t.database);
  await t.database.prisma.store.update({ where: { id: shop.store.id }, data: { timezone: 'Asia/Kolkata' } });
  const scopes = ['merchant-customers-read', 'merchant-customers-detail'];
  reader = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes });
  contactReader = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: [...scopes, 'merchant-customers-contact-read'] });
  ada = await makeCustomer(t.database, shop.store, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('ada'),
    phone: phone('0161'),
    createdAt: '2026-03-04T19:00:00Z',
  });
  bob = await makeCustomer(t.database, shop.store, { firstName: 'Bob', lastName: 'Lovelace', email: email('bob'), createdAt: '2026-03-04T10:00:00Z' });
  eve = await makeCustomer(t.database, shop.store, { firstName: 'Ada', lastName: 'Lovelace', email: email('eve'), createdAt: '2026-02-01T00:00:00Z' });
  cy = await makeCustomer(t.database, shop.store, { firstName: 'Cy', lastName: 'Byron', email: null, createdAt: '2026-01-01T00:00:00Z' });
  foreign = await makeCustomer(t.database, other.store, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: email('fox'),
    createdAt: '2026-03-04T19:00:00Z',
  });
});
afterAll(() => t.close());

const customersQuery = `query($first: Int, $after: String, $filter: MerchantCustomerFilter, $sortBy: MerchantCustomerSortField, $sortOrder: SortOrder) {
  merchant { customers(first: $first, after: $after, filter: $filter, sortBy: $sortBy, sortOrder: $sortOrder) {
    edges { cursor node { pId uid name email phone avatar createdAt updatedAt } }
    pageInfo { hasNextPage endCursor }
  } }
}`;

const customerQuery = `query($id: String!) { merchant { customer(id: $id) { pId uid name email phone createdAt } } }`;

const nodeIds = (res: { body: any }) => res.body.data.merchant.customers.edges.map((e: { node: { pId: number } }) => e.node.pId);

describe('merchant.customers', () => {
  it('lists the store’s customers newest first, masked without the contact scope', async () => {
    const res = await graphql(t.app, reader, customersQuery);
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    expect(nodeIds(res)).toEqual([ada.customer.id, bob.customer.id, eve.customer.id, cy.customer.id]);
    expect(res.body.data.merchant.customers.edges[0].node).toEqual({
      pId: ada.customer.id,
      uid: ada.customer.uid,
      name: 'Ada Lovelace',
      email: `a***@${domain}`,
      phone: '+1*****0161',
      avatar: null,
      createdAt: '2026-03-04T19:00:00.000Z',
      updatedAt: ada.customer.updatedAt.toISOString(),
    });
  });

  it('shows contact unmasked with the contact scope', async () => {
    const res = await graphql(t.app, contactReader, customersQuery, { first: 1 });
    expect(res.body.data.merchant.customers.edges[0].node).toMatchObject({ email: email('ada'), phone: phone('0161') });
  });

  it('filters by period in the store’s time zone and by name', async () => {
    expect(nodeIds(await graphql(t.app, reader, customersQuery, { filter: { period: 'TODAY' } }))).toEqual([ada.customer.id]);
    expect(nodeIds(await graphql(t.app, reader, customersQuery, { filter: { search: 'ada' }, sortBy: 'P_ID', sortOrder: 'ASC' }))).toEqual([
      ada.customer.id,
      eve.customer.id,
    ]);
  });

  it('walks a name sort with ties by cursor, each customer once, and shares cursors with REST', async () => {
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const res: { body: any } = await graphql(t.app, reader, customersQuery, { first: 1, after, sortBy: 'NAME', sortOrder: 'ASC' });
      seen.push(...nodeIds(res));
      const { pageInfo } = res.body.data.merchant.customers;
      after = pageInfo.hasNextPage ? pageInfo.endCursor : null;
    } while (after);
    expect(seen).toEqual([...[ada.customer.id, eve.customer.id].sort((a, b) => a - b), bob.customer.id, cy.customer.id]);
    const first = await graphql(t.app, reader, customersQuery, { first: 1, sortBy: 'NAME', sortOrder: 'ASC' });
    const rest = await get(
      t.app,
      `/api/v1/merchant/customers?sort_by=name&sort_order=asc&starting_after=${first.body.data.merchant.customers.pageInfo.endCursor}`,
      reader,
    );
    expect(rest.body.data.map((c: { id: number }) => c.id)).toEqual(seen.slice(1));
  });

  it('walks backwards with last and before, nulls included, the reverse of the forward walk', async () => {
    const query = `query($last: Int, $before: String) {
      merchant { customers(last: $last, before: $before, sortBy: EMAIL, sortOrder: ASC) { edges { node { pId } } pageInfo { hasPreviousPage startCursor } } }
    }`;
    const forward = nodeIds(await graphql(t.app, contactReader, customersQuery, { sortBy: 'EMAIL', sortOrder: 'ASC' }));
    expect(forward).toEqual([ada.customer.id, bob.customer.id, eve.customer.id, cy.customer.id]);
    const seen: number[] = [];
    let before: string | null = null;
    do {
      const res: { body: any } = await graphql(t.app, contactReader, query, { last: 1, before });
      seen.unshift(...nodeIds(res));
      const { pageInfo } = res.body.data.merchant.customers;
      before = pageInfo.hasPreviousPage ? pageInfo.startCursor : null;
    } while (before);
    expect(seen).toEqual(forward);
  });

  it('refuses contact searches and sorts without the contact scope', async () => {
    for (const variables of [{ filter: { search: email('ada') } }, { filter: { email: email('ada') } }, { sortBy: 'PHONE' }]) {
      const res = await graphql(t.app, reader, customersQuery, variables);
      expect(res.body.errors[0]).toMatchObject({ path: ['merchant', 'customers'], extensions: { code: 'insufficient_scope' } });
      expect(res.body.errors[0].message).toContain('merchant-customers-contact-read');
    }
    expect(nodeIds(await graphql(t.app, contactReader, customersQuery, { filter: { search: email('ada') } }))).toEqual([ada.customer.id]);
  });

  it('names bad arguments', async () => {
    const failure = async (variables: Record<string, unknown>) => (await graphql(t.app, reader, customersQuery, variables)).body.errors[0].extensions;
    expect(await failure({ first: 0 })).toMatchObject({ code: 'validation_failed', errors: { first: [expect.any(String)] } });
    expect(await failure({ first: 101 })).toMatchObject({ code: 'validation_failed', errors: { first: [expect.any(String)] } });
    expect(await failure({ filter: { search: 'a'.repeat(256) } })).toMatchObject({
      code: 'validation_failed',
      errors: { 'filter.search': [expect.any(String)] },
    });
    expect(await failure({ after: 'abc' })).toMatchObject({ code: 'starting_after_invalid' });
  });

  it('needs merchant-customers-read', async () => {
    const detailOnly = await makeKey(t.database, { store: shop.store.slug, kind: 'private', scopes: ['merchant-customers-detail'] });
    const res = await graphql(t.app, detailOnly, customersQuery);
    expect(res.body.errors[0]).toMatchObject({ path: ['merchant', 'customers'], extensions: { code: 'insufficient_scope' } });
  });
});

describe('merchant.customer', () => {
  it('reads a customer by id or uuid, masked by the key’s scopes', async () => {
    for (const id of [String(ada.customer.id), ada.customer.uid]) {
      const res = await graphql(t.app, reader, customerQuery, { id });
      expect(res.body.data.merchant.customer).toEqual({
        pId: ada.customer.id,
        uid: ada.customer.uid,
        name: 'Ada Lovelace',
        email: `a***@${domain}`,
        phone: '+1*****0161',
        createdAt: '2026-03-04T19:00:00.000Z',
      });
    }
    const res = await graphql(t.app, contactReader, customerQuery, { id: ada.customer.uid });
    expect(res.body.data.merchant.customer).toMatchObject({ email: email('ada'), phone: phone('0161') });
  });

  it('answers not_found for another store’s customer', async () => {
    const res = await graphql(t.app, reader, customerQuery, { id: String(foreign.customer.id) });
    expect(res.body.errors[0]).toMatchObject({ message: 'Customer not found.', extensions: { code: 'not_found' } });
  });
});
