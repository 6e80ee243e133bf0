import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/generated/prisma/client.js';
import { createApiKey, type CreateKeyInput } from '../../src/domain/keys/manage-keys.js';
import { createStore, type CreateStoreInput } from '../../src/domain/store/manage-stores.js';
import type { Database } from '../../src/platform/database/database.js';
import { merchantScopes } from '../../src/auth/scopes.js';

export interface TestStore {
  store: Store;
  publicKey: string;
  privateKey: string;
}

/** A fresh store with a public key open to every origin and a private key with every scope. */
export async function makeStore(database: Database, input: Partial<CreateStoreInput> = {}): Promise<TestStore> {
  const ctx = { db: database.prisma, now: new Date() };
  const slug = input.slug ?? `t-${randomUUID().slice(0, 12)}`;
  const store = await createStore(ctx, { name: `Test ${slug}`, slug, ...input });
  const publicKey = (await createApiKey(ctx, { store: slug, kind: 'public', origins: ['*'] })).secret;
  const privateKey = (await createApiKey(ctx, { store: slug, kind: 'private', scopes: [...merchantScopes] })).secret;
  return { store, publicKey, privateKey };
}

export async function makeKey(database: Database, input: CreateKeyInput): Promise<string> {
  return (await createApiKey({ db: database.prisma, now: new Date() }, input)).secret;
}
