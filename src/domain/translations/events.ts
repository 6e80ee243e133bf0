/**
 * The translations' events: the resource (type and uuid), the locale and the keys written or
 * removed; the texts themselves are read from GET /translatable-resources/{type}/{id}.
 */
export interface TranslationEvents {
  'translations/update': { type: string; id: string; locale: string; keys: string[] };
  'translations/delete': { type: string; id: string; locale: string; keys: string[] };
}
