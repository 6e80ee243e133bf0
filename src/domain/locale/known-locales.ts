/**
 * The locale codes a store may add: the languages (and regional variants) commerce storefronts
 * are commonly translated into, as BCP 47 codes. `Intl.DisplayNames` names each of them.
 */
export const knownLocaleCodes = [
  'af', 'ar', 'bg', 'bn', 'ca', 'cs', 'cy', 'da', 'de', 'el', 'en', 'en-GB', 'en-US', 'es', 'es-MX', 'et', 'eu', 'fa', 'fi', 'fil',
  'fr', 'fr-CA', 'ga', 'gl', 'gu', 'he', 'hi', 'hr', 'hu', 'hy', 'id', 'is', 'it', 'ja', 'ka', 'kk', 'km', 'kn', 'ko', 'lt',
  'lv', 'mk', 'ml', 'mr', 'ms', 'mt', 'nb', 'ne', 'nl', 'pa', 'pl', 'pt', 'pt-BR', 'pt-PT', 'ro', 'ru', 'si', 'sk', 'sl', 'sq',
  'sr', 'sv', 'sw', 'ta', 'te', 'th', 'tr', 'uk', 'ur', 'uz', 'vi', 'zh', 'zh-CN', 'zh-TW', 'zu',
] as const;

const byLowerCase = new Map<string, string>(knownLocaleCodes.map((code) => [code.toLowerCase(), code]));

/** The known code as it is spelled in the list (`pt-br` is `pt-BR`), or null. */
export function knownLocaleCode(code: string): string | null {
  return byLowerCase.get(code.trim().toLowerCase()) ?? null;
}
