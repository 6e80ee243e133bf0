import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The name and version in Bazaar's own package.json, found by walking up from this file: the
 * same lookup works from src/cli under tsx and from dist/src/cli after a build.
 */
export function packageInfo(): { name: string; version: string } {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above the CLI');
    dir = parent;
  }
  const { name, version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
  return { name, version };
}
