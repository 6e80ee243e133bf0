import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, by key. Keys are written once and never rewritten (a new upload is a
 * new key), so any cache in front may keep them forever. A key is lower-case letters, digits, `.`,
 * `-` and `_` in `/`-separated segments; an adapter may rely on that and on nothing else.
 *
 * Bazaar ships a local-directory adapter; a fleet of servers points every process at one shared
 * store instead (an object store such as S3 or GCS, with the key as the object name), by building
 * the app with another implementation of this interface.
 */
export interface Storage {
  /** Stores `data` under `key`, replacing nothing: keys are unique by construction. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when there is none. */
  stream(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[a-z0-9_-][a-z0-9._-]*(?:\/[a-z0-9_-][a-z0-9._-]*)*$/;

/** Refuses a key that could leave the store's namespace (`..`, absolute paths, odd characters). */
export function checkStorageKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').some((segment) => segment === '..' || segment === '.')) {
    throw new Error(`Invalid storage key "${key}"`);
  }
  return key;
}
