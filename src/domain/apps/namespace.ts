/**
 * The names an installation owns. An app's slug holds lower-case letters, digits and dashes only
 * (never `_` or `.`), so neither name can be read as another app's.
 */

/** The metafield namespace of an app: `app.{slug}.`; only that app's installations define or write under it. */
export function appNamespace(slug: string): string {
  return `app.${slug}.`;
}

/** The prefix every collected definition type of an installation carries: `app_{slug}_{installation}`. */
export function collectedTypePrefix(installation: { id: number; appSlug: string }): string {
  return `app_${installation.appSlug}_${installation.id}`;
}
