import type { Principal } from '../../auth/principal.js';
import { appNamespace } from '../apps/namespace.js';

/** `app.*` belongs to installed apps, each to its own `app.{slug}`; `bazaar.*` to the platform. */
export const APP_NAMESPACE = 'app';
export const PLATFORM_NAMESPACE = 'bazaar';

/** A namespace: 1-4 dot-separated parts of lower-case letters, digits, `_` or `-`, such as `custom` or `app.reviews`. */
export const namespacePattern = /^[a-z0-9_-]{1,64}(?:\.[a-z0-9_-]{1,64}){0,3}$/;
/** A key within its namespace: one part. */
export const keyPattern = /^[a-z0-9_-]{1,64}$/;

const within = (namespace: string, root: string) => namespace === root || namespace.startsWith(`${root}.`);

/**
 * Why the caller may not define or write under `namespace`, or null when it may. Nobody writes
 * under `bazaar.*`; under `app.*` only an installation of the app whose `app.{slug}` it is, so
 * neither the merchant's keys nor another app's reach an app's data.
 */
export function namespaceRefusal(principal: Pick<Principal, 'installation'>, namespace: string): string | null {
  if (within(namespace, PLATFORM_NAMESPACE)) return `${PLATFORM_NAMESPACE}.* is reserved for the platform`;
  if (!within(namespace, APP_NAMESPACE)) return null;
  const { installation } = principal;
  if (installation && `${namespace}.`.startsWith(appNamespace(installation.appSlug))) return null;
  const own = installation ? `; this app's namespace is ${appNamespace(installation.appSlug).slice(0, -1)}` : '';
  return `${APP_NAMESPACE}.* namespaces belong to installed apps, each only to its own app.{slug}${own}`;
}

/** `namespace.key` split at its last dot; null when there is no dot. */
export function splitKey(fullKey: string): { namespace: string; key: string } | null {
  const dot = fullKey.lastIndexOf('.');
  if (dot <= 0) return null;
  return { namespace: fullKey.slice(0, dot), key: fullKey.slice(dot + 1) };
}
