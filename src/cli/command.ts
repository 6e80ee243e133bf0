import type { OperatorCtx } from '../domain/store/manage-stores.js';
import type { FlagName, Flags } from './parse-command-line.js';

export interface CommandOutput {
  /** The one object printed with --json. */
  json: Record<string, unknown>;
  /** The readable summary printed otherwise. */
  text: string;
}

export interface Command {
  /** Flags as shown in the usage text, e.g. "--store SLUG [--products N]". */
  synopsis: string;
  summary: string;
  flags: FlagName[];
  required: FlagName[];
  run(ctx: OperatorCtx, flags: Flags): Promise<CommandOutput>;
}

/** Aligned "label  value" lines under a heading; rows without a value are left out. */
export function describe(heading: string, rows: [label: string, value: string | null][], footer?: string): string {
  const shown = rows.filter((row): row is [string, string] => row[1] !== null);
  const width = Math.max(...shown.map(([label]) => label.length));
  const lines = [heading, ...shown.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`)];
  if (footer) lines.push(footer);
  return lines.join('\n');
}
