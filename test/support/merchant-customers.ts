import { randomInt, randomUUID } from 'node:crypto';
import type { Store } from '../../src/generated/prisma/client.js';
import type { Database } from '../../src/platform/database/database.js';
import { signInCustomer, type SignedInCustomer } from './customers.js';

export interface CustomerSpec {
  firstName: string;
  lastName: string;
  email: string | null;
  phone?: string;
  createdAt: string;
  ordersCount?: number;
}

/**
 * A store's customer as the merchant reads it: made by the sign-in helper, then given the joining
 * time, orders count and (possibly missing) email a test needs, written straight to the rows.
 */
export async function makeCustomer(database: Database, store: Store, spec: CustomerSpec): Promise<SignedInCustomer> {
  const made = await signInCustomer(database, store, {
    firstName: spec.firstName,
    lastName: spec.lastName,
    phone: spec.phone ?? null,
    ...(spec.email ? { email: spec.email } : {}),
  });
  if (spec.email === null) await database.prisma.customerAccount.update({ where: { id: made.account.id }, data: { email: null } });
  const customer = await database.prisma.customer.update({
    where: { id: made.customer.id },
    data: { createdAt: new Date(spec.createdAt), ordersCount: spec.ordersCount ?? 0 },
  });
  const account = await database.prisma.customerAccount.findUniqueOrThrow({ where: { id: made.account.id } });
  return { ...made, customer, account };
}

/**
 * Accounts are platform-wide and unique by email and phone, and a shared PostgreSQL keeps them
 * between runs: each test file draws a domain and a five-digit stamp of its own. `phone('0161')` is
 * `+1<stamp>0161`, which masks to `+1*****0161`. Flows that validate the number against the numbering
 * plan take `usPhone('0177')` instead: `201<exchange>0177`, a valid US number in national form.
 */
export function uniqueContacts() {
  const domain = `${randomUUID().slice(0, 8)}.example`;
  const stamp = String(randomInt(0, 100_000)).padStart(5, '0');
  const exchange = randomInt(200, 1000);
  return {
    domain,
    stamp,
    email: (mailbox: string) => `${mailbox}@${domain}`,
    phone: (last4: string) => `+1${stamp}${last4}`,
    usPhone: (last4: string) => `201${exchange}${last4}`,
  };
}
