import { ensureDemoStore, mintDemoKeys } from '../seed/demo-store.js';
import { describe, type Command } from './command.js';

export const demo: Command = {
  summary: 'Create and seed the demo store if it is missing, then mint a fresh public and private key for it.',
  flags: {},
  required: [],
  async run(io) {
    const ctx = await io.operator();
    const { store, created } = await ensureDemoStore(ctx);
    const keys = await mintDemoKeys(ctx, store);
    return {
      json: { store: { id: store.id, slug: store.slug, name: store.name }, keys },
      text: describe(
        `Demo store "${store.name}" (${store.slug}) ${created ? 'created and seeded' : 'already exists'}`,
        [
          ['id', store.id],
          ['public key', keys.public],
          ['private key', keys.private],
        ],
        'Earlier demo keys are revoked; these are shown only now.',
      ),
    };
  },
};
