import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// Every module a server imports at start stays resident: the embedded engine (PGlite's WebAssembly
// build and its adapter) and sharp (which maps libvips) are imported where they are used, so a
// server on PostgreSQL that is sent no upload never loads them.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

it('imports neither PGlite nor sharp before it opens the database', () => {
  // The static imports of src/server.ts are all evaluated before it reads its settings; a refused
  // secret then ends the start before any database is opened.
  const { DATABASE_URL: _database, ...inherited } = process.env;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--import', './test/support/report-imports.mjs', 'src/server.ts'], {
    cwd: root,
    env: { ...inherited, BAZAAR_SECRET: 'changeme' },
    encoding: 'utf8',
  });
  expect(child.status).toBe(1);
  const imported = child.stderr.split('\n').filter((line) => line.startsWith('imported '));
  expect(imported.some((line) => line.includes('/src/app/build-app.ts'))).toBe(true);
  expect(imported.filter((line) => /\/node_modules\/(@electric-sql\/pglite|pglite-prisma-adapter|sharp)\//.test(line))).toEqual([]);
});
