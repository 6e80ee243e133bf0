import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkStorageKey, type Storage } from './storage.js';

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/**
 * The storage port on a local directory: one file per key. Writes land in a temporary name and are
 * renamed into place, so a reader never sees half a file. Only one machine sees the directory;
 * several servers need a shared adapter (see Storage).
 */
export function localDirectoryStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, ...checkStorageKey(key).split('/'));
  return {
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.part`;
      await writeFile(temporary, data);
      await rename(temporary, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      const file = fileOf(key);
      try {
        const { size, isFile } = await stat(file).then((s) => ({ size: s.size, isFile: s.isFile() }));
        if (!isFile) return null;
        return { body: createReadStream(file), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
