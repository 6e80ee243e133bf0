import type { CategorySpec } from './category-tree.js';
import { copyTemplates } from './copy-templates.js';
import { adjectives, isLanguage, materials, type AdjectiveKey, type Language, type MaterialKey, type Noun } from './vocabulary.js';

/** The language-free choices behind one product's text; rendering them in any language gives its copy. */
export interface CopyChoice {
  category: CategorySpec;
  noun: Noun;
  adjective: AdjectiveKey;
  material: MaterialKey;
  excerpt: number;
  opener: number;
  detail: number;
  closer: number;
}

export interface ProductText {
  title: string;
  excerpt: string;
  description: string;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function slotsFor(language: Language, choice: CopyChoice): Record<string, string> {
  const adjective = adjectives[choice.adjective];
  const material = materials[choice.material][language];
  if (language === 'en') {
    const title = `${adjective.en} ${material} ${choice.noun.en}`;
    return {
      title,
      titleLower: title,
      our: 'our',
      adjective: adjective.en.toLowerCase(),
      noun: choice.noun.en.toLowerCase(),
      material: material.toLowerCase(),
    };
  }
  const [noun, gender] = choice.noun[language];
  const inflected = adjective[language][gender === 'm' ? 0 : 1];
  const title = language === 'fr' ? `${noun} ${inflected} en ${material}` : `${noun} ${inflected} de ${material}`;
  const our = language === 'fr' ? 'notre' : gender === 'm' ? 'nuestro' : 'nuestra';
  return { title, titleLower: lowerFirst(title), our, adjective: inflected, noun: lowerFirst(noun), material };
}

function fill(template: string, slots: Record<string, string>): string {
  return capitalize(template.replace(/\{(\w+)\}/g, (_, name: string) => slots[name] ?? ''));
}

function render(language: Language, choice: CopyChoice): ProductText {
  const slots = slotsFor(language, choice);
  const t = copyTemplates[language];
  return {
    title: slots.title!,
    excerpt: fill(t.excerpts[choice.excerpt]!, slots),
    description: `${fill(t.openers[choice.opener]!, slots)} ${fill(t.details[choice.detail]!, slots)}\n\n${fill(t.closers[choice.closer]!, slots)}`,
  };
}

const accented: Record<string, string> = {
  a: 'å',
  c: 'ç',
  e: 'é',
  g: 'ĝ',
  i: 'î',
  l: 'ļ',
  n: 'ñ',
  o: 'ö',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ü',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  C: 'Ç',
  E: 'É',
  G: 'Ĝ',
  I: 'Î',
  L: 'Ļ',
  N: 'Ñ',
  O: 'Ö',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ü',
  Y: 'Ý',
  Z: 'Ž',
};

/**
 * For a language with no word list: pseudo-localized English, visibly different from the
 * original so a storefront shows that the translation, not the fallback, was served.
 */
function pseudoLocalize(text: string): string {
  return `[${[...text].map((ch) => accented[ch] ?? ch).join('')}]`;
}

function languageOf(locale: string): Language | null {
  const base = locale.split('-')[0]!.toLowerCase();
  return isLanguage(base) ? base : null;
}

function pseudoText(text: ProductText): ProductText {
  return { title: pseudoLocalize(text.title), excerpt: pseudoLocalize(text.excerpt), description: pseudoLocalize(text.description) };
}

/** A product's own text, in the store's primary language; English when there is no word list for it. */
export function primaryText(locale: string, choice: CopyChoice): ProductText {
  return render(languageOf(locale) ?? 'en', choice);
}

/** A translation; pseudo-localized English when there is no word list for the language. */
export function translatedText(locale: string, choice: CopyChoice): ProductText {
  const language = languageOf(locale);
  return language ? render(language, choice) : pseudoText(render('en', choice));
}

export function primaryCategoryName(locale: string, category: CategorySpec): string {
  return category.name[languageOf(locale) ?? 'en'];
}

export function translatedCategoryName(locale: string, category: CategorySpec): string {
  const language = languageOf(locale);
  return language ? category.name[language] : pseudoLocalize(category.name.en);
}
