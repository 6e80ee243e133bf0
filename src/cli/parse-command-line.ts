import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

/** Every flag any command takes; each command then names the ones it accepts. */
const flagTypes = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
  name: { type: 'string' },
  slug: { type: 'string' },
  currency: { type: 'string' },
  country: { type: 'string' },
  locales: { type: 'string' },
  dev: { type: 'boolean' },
  plan: { type: 'string' },
  mode: { type: 'string' },
  store: { type: 'string' },
  kind: { type: 'string' },
  origins: { type: 'string' },
  scopes: { type: 'string' },
  'expires-at': { type: 'string' },
  label: { type: 'string' },
  id: { type: 'string' },
  products: { type: 'string' },
  seed: { type: 'string' },
  to: { type: 'string' },
  app: { type: 'string' },
  status: { type: 'string' },
  text: { type: 'string' },
  'verified-only': { type: 'string' },
  'auto-approve': { type: 'string' },
  email: { type: 'string' },
  role: { type: 'string' },
  phone: { type: 'string' },
} as const;

export type FlagName = Exclude<keyof typeof flagTypes, 'json' | 'help' | 'version'>;
export type Flags = Partial<Record<FlagName, string | boolean>>;

export interface CommandLine {
  /** The command words, such as "store create"; empty when none was given. */
  command: string;
  flags: Flags;
  json: boolean;
  help: boolean;
  version: boolean;
}

export function parseCommandLine(args: string[]): CommandLine {
  let parsed;
  try {
    parsed = parseArgs({ args, options: flagTypes, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the problem well; its hint about positionals after "--" never applies here.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, '.'));
  }
  const { json = false, help = false, version = false, ...flags } = parsed.values;
  return { command: parsed.positionals.join(' '), flags, json, help, version };
}

/** `--json` decides the error format, so it is looked for even when the rest does not parse. */
export function wantsJson(args: string[]): boolean {
  return args.includes('--json');
}

export function stringFlag(flags: Flags, name: FlagName): string | undefined {
  const value = flags[name];
  return typeof value === 'string' ? value : undefined;
}

/** A comma-separated flag as a list, blanks dropped: "en, fr" → ["en", "fr"]. */
export function listFlag(flags: Flags, name: FlagName): string[] | undefined {
  const value = stringFlag(flags, name);
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
}
