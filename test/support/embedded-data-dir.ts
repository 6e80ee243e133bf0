import { cpSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new embedded data directory for a CLI command or a server process: a copy of the run's
 * migrated template (regions loaded, no stores) when there is one, else empty, to be set up by
 * the first opener. Tests of the first start itself make an empty directory of their own.
 */
export function embeddedDataDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = inject('pgliteTemplateDir');
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}
