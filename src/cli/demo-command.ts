import { loadConfig } from '../config.js';
import { mediaServices } from '../domain/media/media-services.js';
import { loadServerSecret } from '../platform/crypto/server-secret.js';
import { ensureDemoKeys } from '../seed/demo-keys.js';
import { ensureDemoStore } from '../seed/demo-store.js';
import { describe, type CommandModule } from './command.js';

export const demo: CommandModule = {
  async run(io) {
    const ctx = await io.operator();
    const config = loadConfig();
    const { store, created } = await ensureDemoStore(ctx, mediaServices(config));
    const keys = await ensureDemoKeys(ctx, store, await loadServerSecret(ctx.db, config.secret));
    return {
      json: { store: { id: store.id, slug: store.slug, name: store.name }, keys },
      text: describe(
        `Demo store "${store.name}" (${store.slug}) ${created ? 'created and seeded' : 'already exists'}`,
        [
          ['id', store.id],
          ['public key', keys.public],
          ['private key', keys.private],
        ],
        'The same keys every run on this database; a revoked one is replaced by a new one, and so are both when the signing secret changes.',
      ),
    };
  },
};
