import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql ships CJS and ESM builds; one copy must serve Pothos, Yoga and the tests alike.
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Runs before every file, in the worker that runs it: puts back what a file changed in the process.
    setupFiles: ['test/support/per-file.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker on a 2-core machine; many files wait on PostgreSQL, child
    // processes and sockets, so a second worker keeps both cores busy (CI: 21.5 → 17.7 minutes).
    maxWorkers: 2,
    // A worker process runs file after file and imports the app's modules (Prisma client, Pothos
    // schema, Fastify and the rest) once, where a fresh process per file imported them again for
    // each. Every file still opens its own database, KV and app, and closes them; per-file.ts
    // restores the environment variables a file sets.
    isolate: false,
  },
});
