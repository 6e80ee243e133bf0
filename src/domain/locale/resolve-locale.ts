import type { StoreLocale } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';

export interface ResolvedLocale {
  code: string;
  isPrimary: boolean;
}

/** Published locales of the store, primary first. */
export async function publishedLocales(ctx: Ctx): Promise<StoreLocale[]> {
  const locales = await ctx.loaders.storeLocales();
  return locales.filter((l) => l.published || l.isPrimary);
}

/** A published store locale for the requested code; anything else falls back to the primary. */
export async function resolveLocale(ctx: Ctx, requested: string | undefined | null): Promise<ResolvedLocale> {
  const locales = await publishedLocales(ctx);
  const primary = locales.find((l) => l.isPrimary) ?? locales[0];
  const wanted = requested?.trim().toLowerCase();
  const match = wanted ? locales.find((l) => l.code.toLowerCase() === wanted) : undefined;
  const chosen = match ?? primary;
  return chosen ? { code: chosen.code, isPrimary: chosen.isPrimary } : { code: 'en', isPrimary: true };
}

/** Where a locale's pages live on the storefront: the primary at the root, the others under their code. */
export function localePathPrefix(locale: StoreLocale): string {
  return locale.isPrimary ? '' : `/${locale.code.toLowerCase()}`;
}
