import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsCurrent, currentStamp, entryFiles, sourceFiles, writeStamp } from '../../scripts/build-stamp.mjs';

// Issue 19: `npm start` and the CLI run dist/ only when it is the build of src/ as it is now, told by
// one stat per source file; `npm run build` transpiles again only then.

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'bazaar-build-stamp-'));
  write('src/server.ts', 'export {};\n');
  write('src/cli/main.ts', 'export {};\n');
  write('src/platform/types.d.ts', 'export {};\n');
  write('node_modules/esbuild/package.json', JSON.stringify({ name: 'esbuild', version: '0.28.2' }));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** What a successful build leaves: its entry files, then the stamp taken before it ran. */
function build() {
  const stamp = currentStamp(root);
  for (const file of entryFiles) write(file, '// built\n');
  writeStamp(root, stamp);
}

describe('sourceFiles', () => {
  it('lists the TypeScript files under src/, sorted, without declaration files', () => {
    expect(sourceFiles(root)).toEqual([path.join('src', 'cli', 'main.ts'), path.join('src', 'server.ts')]);
  });
});

describe('buildIsCurrent', () => {
  it('is false when nothing was built', () => {
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is true after a build, while nothing changed', () => {
    build();
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('is false once a source changes, and true again after the next build', () => {
    build();
    write('src/server.ts', 'export const changed = true;\n');
    expect(buildIsCurrent(root)).toBe(false);
    build();
    expect(buildIsCurrent(root)).toBe(true);
  });

  it('is false when a source is only touched, or set back to an older time (a checkout)', () => {
    build();
    utimesSync(path.join(root, 'src/server.ts'), new Date('2020-01-01'), new Date('2020-01-01'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is false when a source is added or deleted', () => {
    build();
    write('src/new-module.ts', 'export {};\n');
    expect(buildIsCurrent(root)).toBe(false);
    build();
    rmSync(path.join(root, 'src/new-module.ts'));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('is false once esbuild has another version', () => {
    build();
    write('node_modules/esbuild/package.json', JSON.stringify({ name: 'esbuild', version: '0.29.0' }));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it.each(entryFiles)('is false when %s is missing', (file) => {
    build();
    rmSync(path.join(root, file));
    expect(buildIsCurrent(root)).toBe(false);
  });

  it('keeps the stamp taken before the build, so a source edited during it is built again next time', () => {
    const before = currentStamp(root);
    write('src/server.ts', 'export const editedMeanwhile = true;\n');
    for (const file of entryFiles) write(file, '// built\n');
    writeStamp(root, before);
    expect(buildIsCurrent(root)).toBe(false);
  });
});
