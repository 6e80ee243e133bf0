import type { ProductOption, Variant } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { TranslatedFields } from '../loaders.js';
import type { ResolvedLocale } from '../locale/resolve-locale.js';
import { optionsInOrder } from '../translations/variant-source.js';

export interface LocalizedOptions {
  options: ProductOption[];
  variants: Variant[];
}

const text = (fields: TranslatedFields | null, key: string) => {
  const value = fields?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * A product's options and variants in the locale, from its variants' translations (type `variant`:
 * `title`, `option{n}_name`, `option{n}_value`, n the option's place). An option's name is the
 * first variant's (in the product's order) that translates it, so every variant and the option
 * list name it alike; a value is each variant's own translation, and the option list shows the
 * first translation of each value. Anything untranslated keeps the source text. The rows are
 * copies: nothing here is written back.
 */
export async function localizedOptions(
  ctx: Ctx,
  productId: string,
  options: ProductOption[],
  variants: Variant[],
  locale: ResolvedLocale | null,
): Promise<LocalizedOptions> {
  if (!locale || locale.isPrimary || !variants.length) return { options, variants };
  const [productOptions, loaded] = await Promise.all([
    ctx.loaders.optionsByProduct.load(productId),
    ctx.loaders.translation.loadMany(variants.map((v) => ({ resourceType: 'variant', resourceId: v.id, locale: locale.code }))),
  ]);
  const translations = loaded.map((found) => (found instanceof Error ? null : found));
  if (translations.every((found) => !found)) return { options, variants };
  const ordered = optionsInOrder(productOptions);
  const nameOf = new Map<string, string>();
  const valueOf = new Map<string, string>();
  ordered.forEach((option, i) => {
    const name = translations.map((found) => text(found, `option${i + 1}_name`)).find(Boolean);
    nameOf.set(option.name, name ?? option.name);
    variants.forEach((variant, v) => {
      const source = (variant.optionValues as Record<string, unknown>)[option.name];
      const value = text(translations[v]!, `option${i + 1}_value`);
      const key = `${option.name}\u0000${String(source)}`;
      if (typeof source === 'string' && value && !valueOf.has(key)) valueOf.set(key, value);
    });
  });
  const localizedVariants = variants.map((variant, v) => {
    const found = translations[v]!;
    const values = Object.entries(variant.optionValues as Record<string, unknown>).map(([name, source]) => {
      const i = ordered.findIndex((o) => o.name === name);
      return [nameOf.get(name) ?? name, (i >= 0 && text(found, `option${i + 1}_value`)) || source];
    });
    return { ...variant, title: text(found, 'title') ?? variant.title, optionValues: Object.fromEntries(values) };
  });
  const localizedOptionRows = options.map((option) => ({
    ...option,
    name: nameOf.get(option.name) ?? option.name,
    values: option.values.map((value) => valueOf.get(`${option.name}\u0000${value}`) ?? value),
  }));
  return { options: localizedOptionRows, variants: localizedVariants };
}
