import type { Prisma } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../context.js';
import { facetSlug, type AttributeSelection } from './attribute-selection.js';

interface FacetValue {
  value: string;
  slug: string;
  colorCode: string | null;
  /** The option texts (name, value) this slug stands for, which the database filter matches exactly. */
  texts: { name: string; value: string }[];
}

interface FacetAttribute {
  name: string;
  slug: string;
  values: Map<string, FacetValue>;
}

/**
 * The options of every product a list could show before its attribute filter: one statement
 * (option rows only, ordered so facets list attributes and values as the merchant first did).
 * Facet counts and the attribute filter both read it, so they cannot disagree.
 */
export interface OptionIndex {
  attributes: Map<string, FacetAttribute>;
  /** Per product: attribute slug → its value slugs. */
  products: Map<string, Map<string, Set<string>>>;
}

export async function loadOptionIndex(ctx: Ctx, base: Prisma.ProductWhereInput): Promise<OptionIndex> {
  const rows = await ctx.db.productOption.findMany({
    where: { product: base },
    select: { productId: true, name: true, values: true, colorCodes: true },
    orderBy: [{ product: { pId: 'asc' } }, { position: 'asc' }],
  });
  const index: OptionIndex = { attributes: new Map(), products: new Map() };
  for (const row of rows) {
    const slug = facetSlug(row.name);
    if (!slug) continue;
    const attribute = index.attributes.get(slug) ?? { name: row.name, slug, values: new Map() };
    index.attributes.set(slug, attribute);
    const own = index.products.get(row.productId) ?? new Map<string, Set<string>>();
    index.products.set(row.productId, own);
    const values = own.get(slug) ?? new Set<string>();
    own.set(slug, values);
    const colors = (row.colorCodes ?? {}) as Record<string, unknown>;
    for (const value of row.values) {
      const valueSlug = facetSlug(value);
      if (!valueSlug) continue;
      values.add(valueSlug);
      const entry: FacetValue = attribute.values.get(valueSlug) ?? { value, slug: valueSlug, colorCode: null, texts: [] };
      attribute.values.set(valueSlug, entry);
      if (!entry.texts.some((t) => t.name === row.name && t.value === value)) entry.texts.push({ name: row.name, value });
      if (entry.colorCode === null && typeof colors[value] === 'string') entry.colorCode = colors[value] as string;
    }
  }
  return index;
}

/** The attribute filter as a product condition: each attribute matches one of its selected values (OR), all attributes hold (AND). */
export function attributeWhere(index: OptionIndex, selection: AttributeSelection): Prisma.ProductWhereInput {
  const conditions = [...selection].map(([name, values]): Prisma.ProductWhereInput => {
    const texts = [...values].flatMap((v) => index.attributes.get(name)?.values.get(v)?.texts ?? []);
    if (!texts.length) return { id: { in: [] } };
    const byName = new Map<string, string[]>();
    for (const t of texts) byName.set(t.name, [...(byName.get(t.name) ?? []), t.value]);
    return { OR: [...byName].map(([optionName, optionValues]) => ({ options: { some: { name: optionName, values: { hasSome: optionValues } } } })) };
  });
  return conditions.length ? { AND: conditions } : {};
}

export interface Facet {
  name: string;
  slug: string;
  type: 'option';
  values: { value: string; slug: string; count: number; selected: boolean; colorCode: string | null }[];
}

function matchesOthers(own: Map<string, Set<string>>, selection: AttributeSelection, except: string): boolean {
  for (const [name, wanted] of selection) {
    if (name === except) continue;
    const has = own.get(name);
    if (!has || ![...wanted].some((v) => has.has(v))) return false;
  }
  return true;
}

/**
 * Facets by the disjunctive rule: a value's count is the number of products the list would show
 * with that value selected, i.e. with every other attribute's selection applied and its own
 * attribute's selection replaced by the value. So a count always equals the list length the shopper
 * gets by choosing it, and choosing another value of the same attribute widens the list.
 */
export function facetsOf(index: OptionIndex, selection: AttributeSelection): Facet[] {
  return [...index.attributes.values()].map((attribute) => {
    const counts = new Map<string, number>();
    for (const own of index.products.values()) {
      if (!matchesOthers(own, selection, attribute.slug)) continue;
      for (const v of own.get(attribute.slug) ?? []) counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const selected = selection.get(attribute.slug);
    return {
      name: attribute.name,
      slug: attribute.slug,
      type: 'option' as const,
      values: [...attribute.values.values()].map((v) => ({
        value: v.value,
        slug: v.slug,
        count: counts.get(v.slug) ?? 0,
        selected: selected?.has(v.slug) ?? false,
        colorCode: v.colorCode,
      })),
    };
  });
}
