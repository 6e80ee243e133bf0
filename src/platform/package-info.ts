import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding Bazaar's own package.json, found by walking up from this file: the same
 * lookup works from src/ under tsx and from dist/src/ after a build.
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

/** The name and version in Bazaar's own package.json. */
export function packageInfo(): { name: string; version: string } {
  const { name, version } = JSON.parse(readFileSync(path.join(projectRoot(), 'package.json'), 'utf8')) as { name: string; version: string };
  return { name, version };
}
