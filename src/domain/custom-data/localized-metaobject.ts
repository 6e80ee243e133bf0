import type { ResolvedLocale } from '../locale/resolve-locale.js';
import type { Ctx } from '../context.js';
import type { MetaobjectEntry } from './list-custom-data.js';

/**
 * An entry's field values in a shopper's locale. Translations live in the one translation store
 * (resource type `metaobject`, its fields keyed by field key, as products' and categories' are);
 * only `text` fields are translated, and a field without a translation keeps its stored value.
 * The primary locale reads the stored values; the translations of a page are one statement.
 */
export async function localizedMetaobjectFields(ctx: Ctx, entry: MetaobjectEntry, locale: ResolvedLocale): Promise<Record<string, unknown>> {
  const fields = entry.fields as Record<string, unknown>;
  if (locale.isPrimary) return fields;
  const translated = await ctx.loaders.translation.load({ resourceType: 'metaobject', resourceId: entry.id, locale: locale.code });
  if (!translated) return fields;
  const textKeys = new Set(entry.definition.fields.filter((f) => f.type === 'text').map((f) => f.key));
  const localized = { ...fields };
  for (const [key, value] of Object.entries(translated)) if (textKeys.has(key) && fields[key] !== undefined && value) localized[key] = value;
  return localized;
}
