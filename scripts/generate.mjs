// Runs `prisma generate` without the native schema engine, which cannot be downloaded on
// these machines: the CLI only checks that the engine file exists, and generation never runs it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: fileURLToPath(import.meta.url), PRISMA_HIDE_UPDATE_MESSAGE: '1' };
const result = spawnSync('npx', ['prisma', 'generate', '--schema', 'prisma/schema.prisma'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
