/** The store locales' events: the locale's code. */
export interface LocaleEvents {
  'locales/create': { code: string };
  'locales/update': { code: string };
  'locales/delete': { code: string };
}
