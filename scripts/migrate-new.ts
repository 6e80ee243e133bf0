// npm run db:migrate:new -- NAME: writes the SQL that brings the committed migrations up to
// prisma/schema.prisma as the next migration folder.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { migrationsDir, pendingSchemaChange } from '../src/platform/database/migrations.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migrate:new -- NAME   (NAME in lower_snake_case)');
  process.exit(2);
}
const sql = await pendingSchemaChange();
if (!sql) {
  console.log('prisma/schema.prisma and prisma/migrations agree: nothing to create.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'migration.sql'), sql);
await writeFile(
  path.join(migrationsDir, 'migration_lock.toml'),
  '# Written by scripts/migrate-new.ts; the provider of every migration here.\nprovider = "postgresql"\n',
);
console.log(`created ${path.relative(process.cwd(), dir)}/migration.sql`);
// The wasm schema engine leaves a timer behind for about ten seconds; nothing is pending by now.
process.exit(0);
