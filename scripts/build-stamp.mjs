// Whether dist/ holds the build of the sources as they are now. The stamp is a hash of every file
// under src/ (its path, size and modification time: no file is read) and of the transpiler's
// version, taken before a build and kept in dist/ after it succeeds. An edit, a new file, a deleted
// one, a checkout of other files or another esbuild each change it; the check costs one stat per file.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const sourceDir = 'src';
export const stampFile = 'dist/.build-stamp';
/** What `npm start` and the bin run; a dist/ without them is not a build. */
export const entryFiles = ['dist/src/server.js', 'dist/src/cli/main.js'];

/** The TypeScript sources to transpile, relative to `root`, sorted. */
export function sourceFiles(root) {
  return readdirSync(path.join(root, sourceDir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)))
    .sort();
}

function transpilerVersion(root) {
  const manifest = path.join(root, 'node_modules', 'esbuild', 'package.json');
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : 'none';
}

/** The hash of what the build depends on, as it is now in `root`. */
export function currentStamp(root) {
  const hash = createHash('sha256').update(`esbuild@${transpilerVersion(root)}\n`);
  for (const file of sourceFiles(root)) {
    const { size, mtimeMs } = statSync(path.join(root, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/** True when dist/ was built from the sources as they are now. */
export function buildIsCurrent(root, stamp = currentStamp(root)) {
  if (entryFiles.some((file) => !existsSync(path.join(root, file)))) return false;
  const stampPath = path.join(root, stampFile);
  return existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === stamp;
}

/** Records `stamp`, taken before the build that just succeeded, so an edit made meanwhile still counts. */
export function writeStamp(root, stamp) {
  writeFileSync(path.join(root, stampFile), `${stamp}\n`);
}
