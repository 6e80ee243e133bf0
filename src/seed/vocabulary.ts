/**
 * Word lists for seeded catalogs, in every language the seeder writes for real. Titles are built
 * from parts (adjective, material, noun) so each language can order and inflect them its own way.
 */
export const languages = ['en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

export type Gender = 'm' | 'f';

/** French and Spanish nouns carry their gender, which the adjective after them agrees with. */
export interface Noun {
  en: string;
  fr: [word: string, gender: Gender];
  es: [word: string, gender: Gender];
}

/** French and Spanish forms are [masculine, feminine]. */
export interface Adjective {
  en: string;
  fr: [string, string];
  es: [string, string];
}

export type Material = Record<Language, string>;

export const adjectives = {
  classic: { en: 'Classic', fr: ['classique', 'classique'], es: ['clásico', 'clásica'] },
  vintage: { en: 'Vintage', fr: ['vintage', 'vintage'], es: ['vintage', 'vintage'] },
  minimal: { en: 'Minimal', fr: ['minimaliste', 'minimaliste'], es: ['minimalista', 'minimalista'] },
  rustic: { en: 'Rustic', fr: ['rustique', 'rustique'], es: ['rústico', 'rústica'] },
  modern: { en: 'Modern', fr: ['moderne', 'moderne'], es: ['moderno', 'moderna'] },
  cozy: { en: 'Cozy', fr: ['douillet', 'douillette'], es: ['acogedor', 'acogedora'] },
  essential: { en: 'Essential', fr: ['essentiel', 'essentielle'], es: ['esencial', 'esencial'] },
  handmade: { en: 'Handmade', fr: ['fait main', 'faite main'], es: ['hecho a mano', 'hecha a mano'] },
  timeless: { en: 'Timeless', fr: ['intemporel', 'intemporelle'], es: ['atemporal', 'atemporal'] },
  urban: { en: 'Urban', fr: ['urbain', 'urbaine'], es: ['urbano', 'urbana'] },
  coastal: { en: 'Coastal', fr: ['côtier', 'côtière'], es: ['costero', 'costera'] },
  nordic: { en: 'Nordic', fr: ['nordique', 'nordique'], es: ['nórdico', 'nórdica'] },
  soft: { en: 'Soft', fr: ['doux', 'douce'], es: ['suave', 'suave'] },
  lightweight: { en: 'Lightweight', fr: ['léger', 'légère'], es: ['ligero', 'ligera'] },
  relaxed: { en: 'Relaxed', fr: ['décontracté', 'décontractée'], es: ['relajado', 'relajada'] },
  elegant: { en: 'Elegant', fr: ['élégant', 'élégante'], es: ['elegante', 'elegante'] },
} satisfies Record<string, Adjective>;

export type AdjectiveKey = keyof typeof adjectives;

export const materials = {
  cotton: { en: 'Cotton', fr: 'coton', es: 'algodón' },
  organicCotton: { en: 'Organic Cotton', fr: 'coton bio', es: 'algodón orgánico' },
  linen: { en: 'Linen', fr: 'lin', es: 'lino' },
  wool: { en: 'Wool', fr: 'laine', es: 'lana' },
  merino: { en: 'Merino', fr: 'mérinos', es: 'merino' },
  cashmere: { en: 'Cashmere', fr: 'cachemire', es: 'cachemira' },
  denim: { en: 'Denim', fr: 'denim', es: 'mezclilla' },
  silk: { en: 'Silk', fr: 'soie', es: 'seda' },
  corduroy: { en: 'Corduroy', fr: 'velours côtelé', es: 'pana' },
  leather: { en: 'Leather', fr: 'cuir', es: 'cuero' },
  canvas: { en: 'Canvas', fr: 'toile', es: 'lona' },
  nylon: { en: 'Nylon', fr: 'nylon', es: 'nailon' },
  ceramic: { en: 'Ceramic', fr: 'céramique', es: 'cerámica' },
  stoneware: { en: 'Stoneware', fr: 'grès', es: 'gres' },
  oak: { en: 'Oak', fr: 'chêne', es: 'roble' },
  walnut: { en: 'Walnut', fr: 'noyer', es: 'nogal' },
  bamboo: { en: 'Bamboo', fr: 'bambou', es: 'bambú' },
  glass: { en: 'Glass', fr: 'verre', es: 'vidrio' },
  brass: { en: 'Brass', fr: 'laiton', es: 'latón' },
  marble: { en: 'Marble', fr: 'marbre', es: 'mármol' },
  silver: { en: 'Sterling Silver', fr: 'argent massif', es: 'plata de ley' },
  gold: { en: 'Gold', fr: 'or', es: 'oro' },
  percale: { en: 'Percale', fr: 'percale', es: 'percal' },
  recycledPaper: { en: 'Recycled Paper', fr: 'papier recyclé', es: 'papel reciclado' },
  cork: { en: 'Cork', fr: 'liège', es: 'corcho' },
} satisfies Record<string, Material>;

export type MaterialKey = keyof typeof materials;

export function isLanguage(value: string): value is Language {
  return (languages as readonly string[]).includes(value);
}
