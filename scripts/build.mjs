// `npm run build` and `npm start`'s prestart: regenerate the Prisma client only when its inputs
// changed, then transpile src/ to dist/src/ with esbuild, file by file, with source maps, unless
// dist/ already holds the build of the sources as they are (scripts/build-stamp.mjs). esbuild
// strips the types without checking them: `npm run typecheck` (tsc) does that, and CI runs it.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, currentStamp, sourceFiles, writeStamp } from './build-stamp.mjs';
import { generateIsNeeded } from './generate-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

// Checked here rather than in a process of its own: a restart with nothing to do starts one Node, not two.
if (generateIsNeeded(root)) {
  const generated = spawnSync(process.execPath, [path.join(root, 'scripts/generate.mjs')], { stdio: 'inherit', cwd: root }).status ?? 1;
  if (generated !== 0) process.exit(generated);
}

const stamp = currentStamp(root);
if (buildIsCurrent(root, stamp)) {
  console.log(`build: skipped, dist/ is the build of src/ as it is (${seconds()})`);
  process.exit(0);
}

// Imported only now: a restart with nothing to build does not load it.
const { build } = await import('esbuild');
const files = sourceFiles(root);
// A clean output, so a source deleted or renamed leaves no module behind.
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: files,
  outdir: 'dist',
  outbase: '.',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  // The sources are beside dist/; the maps point at them instead of carrying a copy.
  sourcesContent: false,
  logLevel: 'warning',
});
writeStamp(root, stamp);
console.log(`build: ${files.length} files transpiled to dist/ (${seconds()})`);
