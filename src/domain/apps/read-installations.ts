import type { AppAlert, AppSetupSheet } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { InstallationWithApp } from './manage-apps.js';

/**
 * The installations a caller sees: the merchant's keys see every installation of the store,
 * uninstalled ones whose data is still kept included; an installation's key sees only its own.
 */
export function visibleInstallations(ctx: Ctx): Promise<InstallationWithApp[]> {
  const own = ctx.principal.installation;
  return ctx.db.appInstallation.findMany({ where: own ? { id: own.id } : {}, orderBy: { id: 'asc' }, include: { app: true } });
}

/** The calling installation, or null for a key the merchant minted. */
export async function callingInstallation(ctx: Ctx): Promise<InstallationWithApp | null> {
  const own = ctx.principal.installation;
  return own ? ctx.db.appInstallation.findUnique({ where: { id: own.id }, include: { app: true } }) : null;
}

export function setupSheetOf(ctx: Ctx, installationId: number): Promise<AppSetupSheet | null> {
  return ctx.db.appSetupSheet.findUnique({ where: { installationId } });
}

export const alertReadLimits = { max: 100, fallback: 20 } as const;

/** The installation's newest alerts first. */
export function alertsOf(ctx: Ctx, installationId: number, first: number): Promise<AppAlert[]> {
  return ctx.db.appAlert.findMany({ where: { installationId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: first });
}
