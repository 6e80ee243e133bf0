// Runs `prisma generate` without the native schema engine, which cannot be downloaded on
// these machines: the CLI only checks that the engine file exists, and generation never runs it.
// With --if-changed it does nothing when the schema and the generators are as at the last generate.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { currentStamp, generateIsNeeded, schemaFile, writeStamp } from './generate-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = currentStamp(root);
if (process.argv.includes('--if-changed') && !generateIsNeeded(root, stamp)) {
  console.log(`prisma generate: skipped, ${schemaFile} and the generators are unchanged`);
  process.exit(0);
}

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: fileURLToPath(import.meta.url), PRISMA_HIDE_UPDATE_MESSAGE: '1' };
const result = spawnSync('npx', ['prisma', 'generate', '--schema', schemaFile], { stdio: 'inherit', env, cwd: root });
if (result.status === 0) writeStamp(root, stamp);
process.exit(result.status ?? 1);
