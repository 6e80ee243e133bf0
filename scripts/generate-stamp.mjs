// Whether `prisma generate` has to run again. Its output depends on the schema and on the versions of
// the generators (the Prisma CLI and client, and Pothos' prisma-pothos-types), so a hash of those,
// kept in the output folder after a successful generate, tells a restart that nothing changed.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const schemaFile = 'prisma/schema.prisma';
export const generatorPackages = ['prisma', '@prisma/client', '@pothos/plugin-prisma'];
export const generatedFiles = ['src/generated/prisma/client.ts', 'src/generated/pothos-types.ts'];
export const stampFile = 'src/generated/.stamp';

/** The hash of everything the generated code depends on, as it is now in `root`. */
export function currentStamp(root) {
  const hash = createHash('sha256').update(readFileSync(path.join(root, schemaFile)));
  for (const name of generatorPackages) {
    const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
    hash.update(`\0${name}@${version}`);
  }
  return hash.digest('hex');
}

/** True when an output is missing or the stamp of the last generate differs from `stamp`. */
export function generateIsNeeded(root, stamp = currentStamp(root)) {
  if (generatedFiles.some((file) => !existsSync(path.join(root, file)))) return true;
  const stampPath = path.join(root, stampFile);
  return !existsSync(stampPath) || readFileSync(stampPath, 'utf8').trim() !== stamp;
}

/** Records `stamp`, taken before the generate that just succeeded, so an edit made meanwhile still counts. */
export function writeStamp(root, stamp) {
  writeFileSync(path.join(root, stampFile), `${stamp}\n`);
}
