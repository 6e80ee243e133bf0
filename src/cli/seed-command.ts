import { z } from 'zod';
import { loadConfig } from '../config.js';
import { mediaServices } from '../domain/media/media-services.js';
import { findStoreBySlug } from '../domain/store/manage-stores.js';
import { parseInput } from '../platform/validation/parse-input.js';
import { integerParam } from '../platform/validation/wire-params.js';
import { seedCatalog } from '../seed/seed-catalog.js';
import { maxSeedProducts } from '../seed/seed-limits.js';
import { describe, type CommandModule } from './command.js';
import { stringFlag } from './parse-command-line.js';

const seedFlags = z.object({
  products: integerParam(0, maxSeedProducts).default(240),
  seed: integerParam(-2_147_483_648, 2_147_483_647).default(42),
});

export const seed: CommandModule = {
  async run(io, flags) {
    const options = parseInput(seedFlags, { products: stringFlag(flags, 'products'), seed: stringFlag(flags, 'seed') });
    const ctx = await io.operator();
    const store = await findStoreBySlug(ctx, stringFlag(flags, 'store')!);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started) / 1000;
    const counts = await seedCatalog(ctx.db, store, {
      ...options,
      media: mediaServices(loadConfig()),
      onProgress: ({ products, total }) =>
        io.progress({
          json: { store: store.slug, products, total, seconds: elapsed() },
          text: `seed ${store.slug}: ${products}/${total} products (${Math.floor((products / total) * 100)}%), ${elapsed().toFixed(1)} s`,
        }),
    });
    const seconds = elapsed();
    return {
      json: { store: store.slug, ...counts, seconds },
      text: describe(`Seeded store ${store.slug} in ${seconds.toFixed(1)} s`, [
        ['products', String(counts.products)],
        ['variants', String(counts.variants)],
        ['images', String(counts.images)],
        ['categories', `${counts.categories} new`],
        ['translations', String(counts.translations)],
        ['promotions', String(counts.promotions)],
        ['discounts', String(counts.discounts)],
        ['coupons', String(counts.coupons)],
        ['collections', String(counts.collections)],
      ]),
    };
  },
};
