import type { Database } from '../platform/database/database.js';
import type { OperatorCtx } from '../domain/store/manage-stores.js';
import { commands } from './commands.js';
import type { Command, CommandIo } from './command.js';
import { commandHelp, usageText } from './help-text.js';
import { parseCommandLine, wantsJson, type CommandLine } from './parse-command-line.js';
import { formatErrorText, reportOf } from './report-error.js';
import { UsageError } from './usage-error.js';

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

const isGroup = (words: string) => Object.keys(commands).some((name) => name.startsWith(`${words} `));

/** Checks the command line completely before any database is opened. */
function resolveCommand(line: CommandLine): Command {
  const command = commands[line.command];
  if (!command) {
    if (isGroup(line.command)) throw new UsageError(`"${line.command}" needs a subcommand; run "bazaar ${line.command} --help" for them.`);
    throw new UsageError(line.command ? `Unknown command "${line.command}".` : 'No command given.');
  }
  const extra = Object.keys(line.flags).filter((flag) => !(flag in command.flags));
  if (extra.length) throw new UsageError(`"${line.command}" does not take ${extra.map((f) => `--${f}`).join(', ')}.`);
  const missing = command.required.filter((flag) => line.flags[flag] === undefined);
  if (missing.length) throw new UsageError(`"${line.command}" needs ${missing.map((f) => `--${f}`).join(', ')}.`);
  return command;
}

/** The usage asked for with --help: the whole, one group's ("store"), or one command's. */
function helpFor(line: CommandLine): { text: string; json: Record<string, unknown> } {
  if (commands[line.command]) return commandHelp(line.command);
  if (line.command && !isGroup(line.command)) throw new UsageError(`Unknown command "${line.command}".`);
  const text = usageText(line.command || undefined);
  return { text, json: { usage: text } };
}

/** Runs one command line and answers its exit code; the database, if the command opened it, is closed before returning. */
export async function runCli(args: string[], out: CliOutput): Promise<number> {
  const json = wantsJson(args);
  let database: Database | undefined;
  let operator: Promise<OperatorCtx> | undefined;
  const ioFor = (command: Command): CommandIo => ({
    operator: () =>
      (operator ??= (async () => {
        // Imported here: the database modules are the heaviest, and help, version and usage errors need none.
        const { openCliDatabase } = await import('./cli-database.js');
        database = await openCliDatabase({ migrations: command.database === 'read' ? 'require' : 'apply' });
        return { db: database.prisma, now: new Date() };
      })()),
    progress: (update) => out.stderr(json ? JSON.stringify({ progress: update.json }) : update.text),
  });
  try {
    const line = parseCommandLine(args);
    if (line.help) {
      const help = helpFor(line);
      out.stdout(json ? JSON.stringify(help.json) : help.text);
      return 0;
    }
    const command = line.version ? commands.version! : resolveCommand(line);
    try {
      const result = await (await command.load()).run(ioFor(command), line.flags);
      out.stdout(json ? JSON.stringify(result.json) : result.text);
      return 0;
    } finally {
      await database?.close();
    }
  } catch (error) {
    const report = reportOf(error);
    const { exitCode, ...body } = report;
    out.stderr(json ? JSON.stringify({ error: body }) : formatErrorText(report, error));
    return exitCode;
  }
}
