import { describe, expect, it } from 'vitest';
import { translationJoin } from '../../../src/domain/translations/translation-sql.js';
import { storeSql } from '../../../src/platform/database/store-statements.js';

// A translation join's two forms (translation-sql.ts): in the primary locale a row of nulls, so the
// statement names no translation; in any other the store's translation of the row in `req.locale`.
describe('translationJoin', () => {
  it('joins a row of nulls on false in the primary locale', () => {
    const join = translationJoin(false, 't', 'product', storeSql`p.id`);
    expect(join.shape.text).toBe('(SELECT NULL::jsonb AS fields) t ON false');
    expect(join.shape.names.has('Translation')).toBe(false);
  });

  it('joins the store’s translation of the row into the request’s locale in any other', () => {
    const join = translationJoin(true, 'tv', 'variant', storeSql`v.id`);
    expect(join.shape.text).toBe(
      '"Translation" tv ON tv."storeId" = ? AND tv."resourceType" = \'variant\' AND tv."resourceId" = v.id AND tv.locale = req.locale',
    );
    expect(join.shape.namesStore).toBe(true);
    expect(join.boundText('00000000-0000-4000-8000-000000000001').values).toEqual(['00000000-0000-4000-8000-000000000001']);
  });

  it('refuses an alias or a resource type it would write into the text unchecked', () => {
    expect(() => translationJoin(true, 't; DROP', 'product', storeSql`p.id`)).toThrow(/no translation a statement may join/);
    expect(() => translationJoin(true, 't', "product' OR true --" as 'product', storeSql`p.id`)).toThrow(/no translation a statement may join/);
  });
});
