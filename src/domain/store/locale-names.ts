/** Display names for a locale code, from the runtime's own CLDR data. */
export function localeNames(code: string): { name: string; nativeName: string; dir: string } {
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  let native: string | undefined;
  try {
    native = new Intl.DisplayNames([code], { type: 'language' }).of(code);
  } catch {
    native = undefined;
  }
  const name = english.of(code) ?? code;
  const rtl = ['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'dv'].includes(code.split('-')[0]!.toLowerCase());
  return { name, nativeName: native ?? name, dir: rtl ? 'rtl' : 'ltr' };
}
