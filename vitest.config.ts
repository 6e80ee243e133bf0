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
    // Vitest's default is one worker on a 2-core machine; test files mostly wait on the database,
    // child processes and the network, so two keep both cores busy and halve the CI run.
    maxWorkers: 2,
  },
});
