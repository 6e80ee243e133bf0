#!/usr/bin/env node
// The operator CLI (the bin, and `npm run cli`): the build in dist/ when it is the build of src/ as
// it is now (one stat per source file, scripts/build-stamp.mjs), otherwise the TypeScript source
// through tsx, so an edit is never answered by an older build.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent } from '../scripts/build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));

if (buildIsCurrent(root)) {
  await import(pathToFileURL(built).href);
} else {
  const source = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
  // Resolved from this package, so the CLI works from any working directory.
  const tsx = createRequire(import.meta.url).resolve('tsx/cli');
  const child = spawn(process.execPath, [tsx, source, ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  // A child ended by a signal exits as shells report it: 128 + the signal number.
  child.on('exit', (code, signal) => {
    process.exitCode = signal ? 128 + constants.signals[signal] : (code ?? 1);
  });
}
