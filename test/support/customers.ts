import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Customer, CustomerAccount, Message, Store } from '../../src/generated/prisma/client.js';
import type { Ctx } from '../../src/domain/context.js';
import { issueSession, type IssuedSession } from '../../src/domain/customers/sessions/issue-session.js';
import type { Database } from '../../src/platform/database/database.js';
import { storeClientOf } from '../../src/platform/database/store-scoped-client.js';
import { call } from './http.js';
import type { TestApp } from './test-app.js';

export interface SignedInCustomer {
  account: CustomerAccount;
  customer: Customer;
  session: IssuedSession;
  /** `Authorization: Bearer <access token>`, ready to spread into headers. */
  auth: { authorization: string };
}

/**
 * A shopper signed in at a store without going through a sign-in flow: an account (platform-wide),
 * the store's customer record, and a session issued by the same function every sign-in uses.
 * The flows themselves are tested end to end in test/rest/storefront/auth.
 */
export async function signInCustomer(
  database: Database,
  store: Store,
  account: Partial<Pick<CustomerAccount, 'email' | 'phone' | 'firstName' | 'lastName'>> & { id?: string } = {},
  now = new Date(),
): Promise<SignedInCustomer> {
  const existing = account.id ? await database.prisma.customerAccount.findUniqueOrThrow({ where: { id: account.id } }) : undefined;
  const made =
    existing ??
    (await database.prisma.customerAccount.create({
      data: {
        email: account.email ?? `${randomUUID().slice(0, 12)}@shopper.test`,
        phone: account.phone ?? null,
        firstName: account.firstName ?? 'Ada',
        lastName: account.lastName ?? 'Shopper',
      },
    }));
  const db = storeClientOf(database.prisma, store.id);
  const customer = await db.customer.upsert({
    where: { storeId_accountId: { storeId: store.id, accountId: made.id } },
    create: { storeId: store.id, accountId: made.id },
    update: {},
  });
  const session = await issueSession({ db, now, store } as unknown as Ctx, { customerId: customer.id });
  return { account: made, customer, session, auth: { authorization: `Bearer ${session.accessToken}` } };
}

/**
 * Asks a store for an email sign-in code over HTTP, as a shopper's page does, and answers the
 * newest message that carries one to the address, with its code read from the text.
 */
export async function requestEmailCode(t: TestApp, publicKey: string, email: string): Promise<{ message: Message; code: string }> {
  const res = await call(t.app, {
    method: 'POST',
    url: '/v1/auth/email/request-otp',
    key: publicKey,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email }),
  });
  expect(res.status, res.raw).toBe(200);
  const message = await t.database.prisma.message.findFirstOrThrow({ where: { recipient: email, template: 'otp' }, orderBy: { createdAt: 'desc' } });
  return { message, code: /code is (\d{6})/.exec(message.text!)![1]! };
}
