import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 19: `npm run build` transpiles src/ with esbuild into dist/, and what it writes runs: the
// bin runs the build while it is current and the source through tsx once a source changed; help
// loads no dependency and no command's implementation. On a copy of the checkout, so this
// checkout's dist/ is left as it is.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let copy: string;

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, { cwd: copy, encoding: 'utf8', env: { ...process.env, ...env } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  copy = mkdtempSync(path.join(os.tmpdir(), 'bazaar-build-'));
  for (const entry of ['src', 'scripts', 'bin', 'prisma', 'data', 'package.json', 'tsconfig.json']) {
    cpSync(path.join(root, entry), path.join(copy, entry), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(realpathSync(path.join(root, 'node_modules')), path.join(copy, 'node_modules'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm run build', () => {
  it('transpiles every source with its source map, then skips while nothing changed', { timeout: 120_000 }, () => {
    const first = run(['scripts/build.mjs']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/build: \d+ files transpiled to dist\//);
    const server = readFileSync(path.join(copy, 'dist/src/server.js'), 'utf8');
    expect(server).toMatch(/\/\/# sourceMappingURL=server\.js\.map\n$/);
    expect(JSON.parse(readFileSync(path.join(copy, 'dist/src/server.js.map'), 'utf8')).sources).toEqual(['../../src/server.ts']);
    const second = run(['scripts/build.mjs']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/build: skipped, dist\/ is the build of src\/ as it is/);
  });
});

describe('the bin on the build', () => {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };

  it('runs the built CLI', { timeout: 60_000 }, () => {
    const result = run(['bin/bazaar.js', 'version', '--json']);
    expect({ code: result.code, stderr: result.stderr, out: JSON.parse(result.stdout) }).toEqual({
      code: 0,
      stderr: '',
      out: { name: 'bazaar', version, node: process.version },
    });
  });

  it('loads for --help only the CLI modules that describe the commands: no dependency, no implementation', { timeout: 60_000 }, () => {
    const log = path.join(copy, 'loaded.log');
    writeFileSync(
      path.join(copy, 'hooks.mjs'),
      "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { appendFileSync(process.env.LOADED_LOG, `${url}\\n`); return next(url, context); }\n",
    );
    writeFileSync(path.join(copy, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
    writeFileSync(log, '');
    const result = run(['--import', './register.mjs', 'bin/bazaar.js', '--help'], { LOADED_LOG: log });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Usage: bazaar \[--json\] COMMAND \[FLAGS\]/);
    const loaded = readFileSync(log, 'utf8').trim().split('\n');
    const ours = loaded.filter((url) => url.includes('/dist/src/')).map((url) => url.slice(url.indexOf('/dist/src/') + '/dist/src/'.length));
    expect(loaded.filter((url) => url.includes('/node_modules/'))).toEqual([]);
    expect(ours).toContain('cli/commands.js');
    expect(
      ours.filter((file) =>
        /-commands?\.js$|^domain\/|^seed\/(?!seed-limits)|^platform\/database\/(?!data-dir-lock|database-behind-error|database-limits)/.test(file),
      ),
    ).toEqual([]);
  });

  it('runs the TypeScript source through tsx once a source changed, never an older build', { timeout: 120_000 }, () => {
    const file = path.join(copy, 'src/cli/version-command.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('node: process.version', "node: 'edited'"));
    const result = run(['bin/bazaar.js', 'version', '--json']);
    expect({ code: result.code, out: JSON.parse(result.stdout) }).toEqual({ code: 0, out: { name: 'bazaar', version, node: 'edited' } });
  });
});
