import type { Store } from '../generated/prisma/client.js';
import { createStore, updateStore, type OperatorCtx } from '../domain/store/manage-stores.js';
import { describe, type CommandModule, type CommandOutput } from './command.js';
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

export const storeCreate: CommandModule = {
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

export const storeUpdate: CommandModule = {
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
