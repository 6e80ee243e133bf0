import { commands, usageText } from './commands.js';
import { openCliDatabase } from './cli-database.js';
import type { Command } from './command.js';
import { parseCommandLine, wantsJson, type CommandLine } from './parse-command-line.js';
import { formatErrorText, reportOf } from './report-error.js';
import { UsageError } from './usage-error.js';

export interface CliOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** Checks the command line completely before any database is opened. */
function resolveCommand(line: CommandLine): Command {
  const command = commands[line.command];
  if (!command) {
    throw new UsageError(line.command ? `Unknown command "${line.command}".` : 'No command given.');
  }
  const extra = Object.keys(line.flags).filter((flag) => !(command.flags as string[]).includes(flag));
  if (extra.length) throw new UsageError(`"${line.command}" does not take ${extra.map((f) => `--${f}`).join(', ')}.`);
  const missing = command.required.filter((flag) => line.flags[flag] === undefined);
  if (missing.length) throw new UsageError(`"${line.command}" needs ${missing.map((f) => `--${f}`).join(', ')}.`);
  return command;
}

/** Runs one command line and answers its exit code; the database is always closed before returning. */
export async function runCli(args: string[], out: CliOutput): Promise<number> {
  const json = wantsJson(args);
  try {
    const line = parseCommandLine(args);
    if (line.help) {
      out.stdout(json ? JSON.stringify({ usage: usageText() }) : usageText());
      return 0;
    }
    const command = resolveCommand(line);
    const database = await openCliDatabase();
    try {
      const result = await command.run({ db: database.prisma, now: new Date() }, line.flags);
      out.stdout(json ? JSON.stringify(result.json) : result.text);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    const report = reportOf(error);
    const { exitCode, ...body } = report;
    out.stderr(json ? JSON.stringify({ error: body }) : formatErrorText(report, error));
    return exitCode;
  }
}
