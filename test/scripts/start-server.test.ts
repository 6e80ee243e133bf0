import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npm start` runs Node through scripts/start-server.sh, which sets what Node and glibc read once at
// start (README, *The server's memory* and *Production mode*). A `node` of this test's own, first
// on the PATH, answers what the launcher handed it: its environment and its arguments.

const launcher = path.resolve('scripts/start-server.sh');
let bin: string;

beforeAll(() => {
  bin = mkdtempSync(path.join(os.tmpdir(), 'bazaar-launcher-'));
  const fakeNode = path.join(bin, 'node');
  writeFileSync(
    fakeNode,
    '#!/bin/sh\necho "NODE_ENV=$NODE_ENV"\necho "MALLOC_TRIM_THRESHOLD_=$MALLOC_TRIM_THRESHOLD_"\necho "MALLOC_ARENA_MAX=$MALLOC_ARENA_MAX"\necho "args=$*"\n',
  );
  chmodSync(fakeNode, 0o755);
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

function launch(env: Record<string, string>, args: string[] = []): Record<string, string> {
  const { NODE_ENV: _, MALLOC_TRIM_THRESHOLD_: __, MALLOC_ARENA_MAX: ___, ...inherited } = process.env;
  const out = execFileSync('sh', [launcher, ...args], { env: { ...inherited, ...env, PATH: `${bin}:${process.env.PATH}` }, encoding: 'utf8' });
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

describe('scripts/start-server.sh', () => {
  it('runs the build in production mode with glibc’s memory settings', () => {
    const seen = launch({});
    expect(seen).toEqual({
      NODE_ENV: 'production',
      MALLOC_TRIM_THRESHOLD_: '131072',
      MALLOC_ARENA_MAX: '2',
      args: `--enable-source-maps ${path.dirname(launcher)}/../dist/src/server.js`,
    });
  });

  it('keeps a setting the environment already holds, and passes its arguments on to Node', () => {
    const seen = launch({ NODE_ENV: 'development', MALLOC_ARENA_MAX: '4' }, ['--inspect']);
    expect(seen.NODE_ENV).toBe('development');
    expect(seen.MALLOC_ARENA_MAX).toBe('4');
    expect(seen.MALLOC_TRIM_THRESHOLD_).toBe('131072');
    expect(seen.args).toBe(`--enable-source-maps --inspect ${path.dirname(launcher)}/../dist/src/server.js`);
  });
});
