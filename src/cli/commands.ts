import type { Command } from './command.js';
import { demo } from './demo-command.js';
import { keyCreate, keyRevoke } from './key-commands.js';
import { seed } from './seed-command.js';
import { storeCreate, storeUpdate } from './store-commands.js';

export const commands: Record<string, Command> = {
  'store create': storeCreate,
  'store update': storeUpdate,
  'key create': keyCreate,
  'key revoke': keyRevoke,
  seed,
  demo,
};

export function usageText(): string {
  const lines = ['Usage: bazaar [--json] COMMAND [FLAGS]', '', 'Commands:'];
  for (const [name, command] of Object.entries(commands)) {
    lines.push(`  ${name} ${command.synopsis}`.trimEnd(), `      ${command.summary}`);
  }
  lines.push(
    '',
    'Global flags:',
    '  --json   print exactly one JSON object on stdout; errors go to stderr as {"error":{...}}',
    '  --help   show this text',
    '',
    "The database is the server's: DATABASE_URL (PostgreSQL) or the embedded one in DATA_DIR (default ./.data).",
    'Exit codes: 0 done, 1 refused (validation, not found, conflict, database busy), 2 bad command line.',
  );
  return lines.join('\n');
}
