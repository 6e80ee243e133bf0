import type { Command } from './command.js';
import { demo } from './demo-command.js';
import { keyCreate, keyRevoke } from './key-commands.js';
import { messages } from './messages-command.js';
import { seed } from './seed-command.js';
import { storeCreate, storeUpdate } from './store-commands.js';
import { version } from './version-command.js';

export const commands: Record<string, Command> = {
  'store create': storeCreate,
  'store update': storeUpdate,
  'key create': keyCreate,
  'key revoke': keyRevoke,
  seed,
  demo,
  messages,
  version,
};
