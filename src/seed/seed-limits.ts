/** The most products one seed adds; here rather than in seed-catalog.ts so the CLI's help can say it without loading the seeder. */
export const maxSeedProducts = 100_000;
