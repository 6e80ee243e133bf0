// `npm run build` and `npm start`'s prestart: regenerate the Prisma client only when its inputs
// changed, then compile with `tsc -b`, which compares file times with dist/.tsbuildinfo and
// skips the whole compilation when no input is newer.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit', cwd: root }).status ?? 1;

const generated = run([path.join(root, 'scripts/generate.mjs'), '--if-changed']);
if (generated !== 0) process.exit(generated);

// tsc -b compares the project's own files with its build info. It would not notice emitted files
// deleted since, nor an npm install that changed the dependencies' types: rebuild all then.
const at = (file) => path.join(root, file);
const builtAt = existsSync(at('dist/.tsbuildinfo')) ? statSync(at('dist/.tsbuildinfo')).mtimeMs : 0;
const entriesMissing = ['dist/src/server.js', 'dist/src/cli/main.js'].some((file) => !existsSync(at(file)));
const installedSince = existsSync(at('node_modules/.package-lock.json')) && statSync(at('node_modules/.package-lock.json')).mtimeMs > builtAt;
const force = entriesMissing || installedSince ? ['--force'] : [];
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
process.exit(run([tsc, '-b', 'tsconfig.build.json', ...force]));
