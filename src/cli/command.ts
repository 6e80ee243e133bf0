import type { OperatorCtx } from '../domain/store/manage-stores.js';
import type { FlagName, Flags } from './parse-command-line.js';

export interface CommandOutput {
  /** The one object printed with --json. */
  json: Record<string, unknown>;
  /** The readable summary printed otherwise. */
  text: string;
}

/** One step of a long command, for stderr: stdout keeps the one result. */
export interface Progress {
  /** The object printed (as {"progress": …}) with --json. */
  json: Record<string, unknown>;
  /** The line printed otherwise. */
  text: string;
}

export interface CommandIo {
  /**
   * The server's database, opened on first use and closed when the command ends: a command that
   * writes applies pending migrations first; one that only reads refuses a database behind the code.
   */
  operator(): Promise<OperatorCtx>;
  progress(update: Progress): void;
}

export interface FlagHelp {
  /** The value's placeholder, such as SLUG; absent for a switch such as --dev. */
  value?: string;
  help: string;
}

/** A command's implementation, in a module that only running the command imports. */
export interface CommandModule {
  run(io: CommandIo, flags: Flags): Promise<CommandOutput>;
}

/** What help shows of a command, and how to run it. */
export interface Command {
  summary: string;
  /** The flags it takes, in the order its synopsis shows them. */
  flags: Partial<Record<FlagName, FlagHelp>>;
  required: FlagName[];
  /** `none`: opens no database; `read`: never migrates, refuses a database behind the code; `write`: applies pending migrations first. */
  database: 'none' | 'read' | 'write';
  /** Imports the implementation: help, version and a usage error import none, so they answer at once. */
  load(): Promise<CommandModule>;
}

/** Aligned "label  value" lines under a heading; rows without a value are left out. */
export function describe(heading: string, rows: [label: string, value: string | null][], footer?: string): string {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  const width = Math.max(...shown.map(([label]) => label.length));
  const lines = [heading, ...shown.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  if (footer) lines.push(footer);
  return lines.join('\n');
}
