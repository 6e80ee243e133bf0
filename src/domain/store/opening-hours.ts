import type { Store } from '../../generated/prisma/client.js';

export interface OpeningState {
  isOpen: boolean;
  message: string;
}

function localTime(now: Date, timeZone: string): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    // A zone the runtime does not know must not take the store page down; its hours are read in UTC.
    format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  const parts = format.formatToParts(now);
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${hour}:${minute}`;
}

/**
 * Open now, by the store's hours in its own time zone. Hours that end before they start run past
 * midnight; hours that start and end at the same time mean open around the clock.
 */
export function openingState(store: Store, now: Date): OpeningState {
  if (store.temporaryUnavailable) return { isOpen: false, message: store.openingMessage ?? 'Temporarily unavailable' };
  if (!store.openTime || !store.closeTime || store.openTime === store.closeTime) return { isOpen: true, message: store.openingMessage ?? 'Open' };
  const time = localTime(now, store.timezone);
  const { openTime: open, closeTime: close } = store;
  const isOpen = open <= close ? time >= open && time < close : time >= open || time < close;
  const message = store.openingMessage ?? (isOpen ? `Open until ${close}` : `Opens at ${open}`);
  return { isOpen, message };
}
