import { openValue, sealValue } from '../../../platform/crypto/sealed-values.js';
import type { SetupItem } from './setup-fields.js';

/** An item as stored: a sensitive value only sealed (`sealed`), never in `value`. */
export interface StoredSetupItem {
  key: string;
  label: string;
  value: string | null;
  sealed?: string;
  sensitive: boolean;
  copyable: boolean;
  instructions: string | null;
}

/** What an answer shows in place of a sensitive value: that one is set, and its last four characters when it is long enough to keep most of it hidden. */
export function maskedValue(plain: string): string {
  return plain.length >= 16 ? `••••${plain.slice(-4)}` : '••••';
}

/** Binds a sealed value to its store, installation and key: it opens nowhere else. */
const purposeOf = (storeId: string, installationId: number, key: string) => `app-setup:${storeId}:${installationId}:${key}`;

export function sealItems(secret: string, storeId: string, installationId: number, items: SetupItem[]): StoredSetupItem[] {
  return items.map((item) => {
    if (!item.sensitive || item.value === null) return item;
    return { ...item, value: null, sealed: sealValue(secret, purposeOf(storeId, installationId, item.key), item.value) };
  });
}

/** An item as answers show it: a sensitive value masked, or opened when `reveal` (the merchant's own view). */
export function shownItem(secret: string, storeId: string, installationId: number, item: StoredSetupItem, reveal: boolean) {
  const { sealed, ...rest } = item;
  if (!sealed) return rest;
  const plain = openValue(secret, purposeOf(storeId, installationId, item.key), sealed);
  if (plain === null) return { ...rest, value: null };
  return { ...rest, value: reveal ? plain : maskedValue(plain) };
}
