import { describe, expect, it } from 'vitest';
import { slugOf } from '../../../src/domain/catalog/writes/slug.js';

describe('slugOf', () => {
  it.each([
    ['Linen Shirt', 'linen-shirt'],
    ['  Crème  Brûlée!! ', 'creme-brulee'],
    ['Straße Æble Øl Łódź', 'strasse-aeble-ol-lodz'],
    ['Ｆｕｌｌ　Ｗｉｄｔｈ ①', 'full-width-1'],
    ['Зелёный чай', 'zelenyi-chai'],
    ['Ελληνικό κρασί', 'elliniko-krasi'],
    ['日本茶', ''],
    ['a'.repeat(100), 'a'.repeat(80)],
    [`${'ab-'.repeat(27)}zzz`, `${'ab-'.repeat(26)}ab`],
  ])('%j → %j', (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });
});
