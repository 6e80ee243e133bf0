import type { Command } from './command.js';
import { commands } from './commands.js';
import type { FlagName } from './parse-command-line.js';

const globalFlags = [
  ['--json', 'print exactly one JSON object on stdout; errors go to stderr as {"error":{...}}, progress as {"progress":{...}}'],
  ['--help', 'show the usage, of one command when one is named'],
  ['--version', 'print the version of Bazaar and of Node.js'],
] as const;

function flagEntries(command: Command) {
  return (Object.entries(command.flags) as [FlagName, NonNullable<Command['flags'][FlagName]>][]).map(([name, help]) => ({
    name,
    label: help.value ? `--${name} ${help.value}` : `--${name}`,
    required: command.required.includes(name),
    help: help.help,
  }));
}

/** "--store SLUG [--products N]": required flags bare, optional ones in brackets, in declared order. */
export function synopsisOf(command: Command): string {
  return flagEntries(command)
    .map((flag) => (flag.required ? flag.label : `[${flag.label}]`))
    .join(' ');
}

function aligned(rows: readonly (readonly [string, string])[]): string[] {
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, help]) => `  ${label.padEnd(width)}  ${help}`);
}

/** The whole usage, or the part for the commands starting with `group` (such as "store"). */
export function usageText(group?: string): string {
  const names = Object.keys(commands).filter((name) => !group || name.startsWith(`${group} `));
  const lines = ['Usage: bazaar [--json] COMMAND [FLAGS]', '', 'Commands:'];
  for (const name of names) {
    lines.push(`  ${name} ${synopsisOf(commands[name]!)}`.trimEnd(), `      ${commands[name]!.summary}`);
  }
  lines.push(
    '',
    'Global flags:',
    ...aligned(globalFlags),
    '',
    'Run "bazaar COMMAND --help" for the flags of one command.',
    "The database is the server's: DATABASE_URL (PostgreSQL) or the embedded one in DATA_DIR (default ./.data).",
    'Exit codes: 0 done, 1 refused (validation, not found, conflict, database busy), 2 bad command line.',
  );
  return lines.join('\n');
}

/** One command's usage: synopsis, summary and every flag it takes. */
export function commandHelp(name: string): { text: string; json: Record<string, unknown> } {
  const command = commands[name]!;
  const usage = `bazaar ${name} ${synopsisOf(command)}`.trimEnd();
  const flags = flagEntries(command);
  const lines = [`Usage: ${usage}`, '', command.summary];
  if (flags.length) {
    lines.push('', 'Flags:', ...aligned(flags.map((flag) => [flag.label, flag.required ? `${flag.help} (required)` : flag.help])));
  }
  lines.push('', 'Global flags:', ...aligned(globalFlags.slice(0, 2)));
  return {
    text: lines.join('\n'),
    json: {
      command: name,
      usage,
      summary: command.summary,
      flags: flags.map((flag) => ({ flag: `--${flag.name}`, value: command.flags[flag.name]!.value ?? null, required: flag.required, help: flag.help })),
    },
  };
}
