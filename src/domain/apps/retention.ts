/** How long an uninstalled installation's data (setup sheet, alerts, requirements, collected data) is kept before it is purged. */
export const UNINSTALLED_RETENTION_DAYS = 30;

const DAY_MS = 86_400_000;

/** When an installation uninstalled at `uninstalledAt` loses its data. */
export function dataRetainedUntil(uninstalledAt: Date): Date {
  return new Date(uninstalledAt.getTime() + UNINSTALLED_RETENTION_DAYS * DAY_MS);
}
