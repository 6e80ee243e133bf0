import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql ships CJS and ESM builds; one copy must serve Pothos, Yoga and the tests alike.
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker on a 2-core machine; many files wait on PostgreSQL, child
    // processes and sockets, so a second worker keeps both cores busy (CI: 21.5 → 17.7 minutes).
    maxWorkers: 2,
  },
});
