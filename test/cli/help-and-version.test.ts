import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands.js';
import { cli, cliFailure, cliJson } from './cli-harness.js';

// Issue 5, operability: `bazaar COMMAND --help` prints that command's synopsis, summary and flags,
// and `bazaar --version` (or `bazaar version`) the package version; neither opens a database.

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

// A database nobody can reach: any command that opened one would fail here.
beforeAll(() => {
  process.env.DATABASE_URL = 'postgres://nobody@127.0.0.1:1/no_database';
});

describe('the unreachable database of this file', () => {
  it('fails a command that needs the database, so the help and version below prove they open none', async () => {
    const failure = await cliFailure('key', 'revoke', '--id', '00000000-0000-0000-0000-000000000000');
    expect(failure).toMatchObject({ code: 1, error: { code: 'internal_error' } });
  });
});

describe('COMMAND --help', () => {
  it("prints the command's synopsis, summary and flags on stdout, exit 0", async () => {
    expect(await cli('seed', '--help')).toEqual({
      code: 0,
      stderr: [],
      stdout: [
        [
          'Usage: bazaar seed --store SLUG [--products N] [--seed INT]',
          '',
          'Add a generated catalog to a store (240 products, seed 42 by default); the same seed gives the same catalog. Progress goes to stderr.',
          '',
          'Flags:',
          '  --store SLUG  the store to add products to (required)',
          '  --products N  how many products to add, 0 to 100000 (default 240)',
          '  --seed INT    the generator seed; the same seed on the same catalog adds the same products (default 42)',
          '',
          'Global flags:',
          '  --json  print exactly one JSON object on stdout; errors go to stderr as {"error":{...}}, progress as {"progress":{...}}',
          '  --help  show the usage, of one command when one is named',
        ].join('\n'),
      ],
    });
  });

  it('prints one JSON object with --json, every flag with its value placeholder and whether it is required', async () => {
    expect(await cliJson('store', 'update', '--help')).toEqual({
      command: 'store update',
      usage: 'bazaar store update --store SLUG [--plan active|inactive] [--mode live|dev] [--name NAME]',
      summary: "Change a store's plan, mode or name; keys of the old mode stop working.",
      flags: [
        { flag: '--store', value: 'SLUG', required: true, help: 'the store to change' },
        { flag: '--plan', value: 'active|inactive', required: false, help: 'an inactive store answers plan_inactive' },
        { flag: '--mode', value: 'live|dev', required: false, help: 'live takes pk_live_/sk_live_ keys, dev takes pk_test_/sk_test_ keys' },
        { flag: '--name', value: 'NAME', required: false, help: "the store's new name" },
      ],
    });
  });

  it.each(Object.keys(commands))('describes every flag "%s" takes, and nothing else', async (name) => {
    const help = await cliJson(...name.split(' '), '--help');
    expect(help.flags.map((f: { flag: string }) => f.flag)).toEqual(Object.keys(commands[name]!.flags).map((flag) => `--${flag}`));
    for (const flag of help.flags) expect(flag.help, flag.flag).not.toBe('');
  });

  it('shows a switch without a value, and a command without flags without a Flags section', async () => {
    const store = await cliJson('store', 'create', '--help');
    expect(store.flags.find((f: { flag: string }) => f.flag === '--dev')).toMatchObject({ value: null, required: false });
    const demo = await cli('demo', '--help');
    expect(demo.stdout[0]).toMatch(/^Usage: bazaar demo\n\n/);
    expect(demo.stdout[0]).not.toContain('Flags:\n');
  });

  it('takes --help with other flags of the command, and before the command words', async () => {
    const expected = (await cli('key', 'create', '--help')).stdout;
    expect(await cli('key', 'create', '--store', 'corner', '--help')).toEqual({ code: 0, stdout: expected, stderr: [] });
    expect(await cli('--help', 'key', 'create')).toEqual({ code: 0, stdout: expected, stderr: [] });
  });

  it('lists the commands of a group for "store --help", and a group without a subcommand is a usage error', async () => {
    const { usage } = await cliJson('store', '--help');
    expect(usage.match(/^ {2}\S.*$/gm).filter((line: string) => !line.startsWith('  --'))).toEqual([
      '  store create --name NAME --slug SLUG [--currency CODE] [--country CC] [--locales en,fr] [--dev] [--plan active|inactive]',
      '  store update --store SLUG [--plan active|inactive] [--mode live|dev] [--name NAME]',
    ]);
    expect(await cliFailure('store')).toEqual({
      code: 2,
      error: { code: 'usage_error', message: '"store" needs a subcommand; run "bazaar store --help" for them.' },
    });
  });

  it('answers an unknown command with a usage error, exit 2', async () => {
    expect(await cliFailure('frobnicate', '--help')).toEqual({ code: 2, error: { code: 'usage_error', message: 'Unknown command "frobnicate".' } });
  });

  it('points at COMMAND --help from the whole usage', async () => {
    const { usage } = await cliJson('--help');
    expect(usage).toContain('\nRun "bazaar COMMAND --help" for the flags of one command.\n');
    expect(usage).toContain('\n  --version  print the version of Bazaar and of Node.js\n');
  });
});

describe('--version and version', () => {
  it('prints the name and the version in package.json, and the Node.js version, exit 0', async () => {
    const expected = { code: 0, stdout: [`bazaar ${version} (Node.js ${process.version})`], stderr: [] };
    expect(await cli('--version')).toEqual(expected);
    expect(await cli('version')).toEqual(expected);
  });

  it('prints one JSON object with --json', async () => {
    const expected = { name: 'bazaar', version, node: process.version };
    expect(await cliJson('--version')).toEqual(expected);
    expect(await cliJson('version')).toEqual(expected);
  });

  it('takes no flags as a command', async () => {
    expect(await cliFailure('version', '--store', 'corner')).toEqual({ code: 2, error: { code: 'usage_error', message: '"version" does not take --store.' } });
  });
});
