import type { Store } from '../generated/prisma/client.js';
import { createStore, updateStore, type OperatorCtx } from '../domain/store/manage-stores.js';
import { describe, type Command, type CommandOutput } from './command.js';
import { listFlag, stringFlag } from './parse-command-line.js';

async function storeOutput(ctx: OperatorCtx, store: Store, verb: string): Promise<CommandOutput> {
  const locales = await ctx.db.storeLocale.findMany({
    where: { storeId: store.id },
    orderBy: [{ isPrimary: 'desc' }, { position: 'asc' }],
    select: { code: true },
  });
  const codes = locales.map((l) => l.code);
  return {
    json: { id: store.id, slug: store.slug, name: store.name, currency: store.currency, mode: store.mode, plan: store.plan, locales: codes },
    text: describe(`${verb} store "${store.name}" (${store.slug})`, [
      ['id', store.id],
      ['currency', store.currency],
      ['mode', store.mode],
      ['plan', store.plan],
      ['locales', codes.join(', ')],
    ]),
  };
}

export const storeCreate: Command = {
  summary: 'Create a store (live unless --dev); the first locale is the primary one.',
  flags: {
    name: { value: 'NAME', help: "the store's name, up to 120 characters" },
    slug: { value: 'SLUG', help: 'its unique handle: lower-case letters, digits and dashes, up to 64' },
    currency: { value: 'CODE', help: 'ISO 4217 currency (default USD)' },
    country: { value: 'CC', help: 'ISO 3166 alpha-2 country (default US)' },
    locales: { value: 'en,fr', help: 'comma-separated locale codes, the first one primary (default en)' },
    dev: { help: 'a dev store: its keys are pk_test_/sk_test_ and live keys answer api_key_mode_mismatch' },
    plan: { value: 'active|inactive', help: 'an inactive store answers plan_inactive (default active)' },
  },
  required: ['name', 'slug'],
  async run(io, flags) {
    const ctx = await io.operator();
    const store = await createStore(ctx, {
      name: stringFlag(flags, 'name')!,
      slug: stringFlag(flags, 'slug')!,
      currency: stringFlag(flags, 'currency'),
      country: stringFlag(flags, 'country'),
      locales: listFlag(flags, 'locales'),
      dev: flags.dev === true,
      // Flag values are checked by the domain's own validation; the casts only satisfy the input type.
      plan: stringFlag(flags, 'plan') as 'active' | 'inactive' | undefined,
    });
    return storeOutput(ctx, store, 'Created');
  },
};

export const storeUpdate: Command = {
  summary: "Change a store's plan, mode or name; keys of the old mode stop working.",
  flags: {
    store: { value: 'SLUG', help: 'the store to change' },
    plan: { value: 'active|inactive', help: 'an inactive store answers plan_inactive' },
    mode: { value: 'live|dev', help: 'live takes pk_live_/sk_live_ keys, dev takes pk_test_/sk_test_ keys' },
    name: { value: 'NAME', help: "the store's new name" },
  },
  required: ['store'],
  async run(io, flags) {
    const ctx = await io.operator();
    const store = await updateStore(ctx, {
      store: stringFlag(flags, 'store')!,
      plan: stringFlag(flags, 'plan') as 'active' | 'inactive' | undefined,
      mode: stringFlag(flags, 'mode') as 'live' | 'dev' | undefined,
      name: stringFlag(flags, 'name'),
    });
    return storeOutput(ctx, store, 'Updated');
  },
};
