import { z } from 'zod';
import { attributeLimits } from '../../../domain/catalog/facets/attribute-selection.js';
import { booleanParam, localeParam, textParam } from '../../../platform/validation/wire-params.js';

const attributeList = z.preprocess(
  (v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v]),
  z
    .array(z.string({ error: 'must be name:value text' }).max(attributeLimits.maxEntryLength * 10, { error: 'is too long' }), {
      error: 'must be name:value entries',
    })
    .max(attributeLimits.maxEntries, { error: `must hold at most ${attributeLimits.maxEntries} entries` })
    .optional(),
);

const attributeHelp =
  'Option filters as name:value (slugs or the text they come from): repeat attributes[]=color:red or separate with commas (attributes=color:red,size:m). Values of one attribute are alternatives (OR); different attributes must all match (AND).';

/** Query fields the collection and promotion product lists share. */
export const shopperFilterFields = {
  keyword: textParam(100).meta({ description: 'Case-insensitive match on the title; % and _ are plain characters.' }),
  in_stock: booleanParam.meta({ description: 'true: only products a shopper can buy now; false: only the others.' }),
  attributes: attributeList.meta({ description: attributeHelp }),
  'attributes[]': attributeList.meta({ description: 'The same as attributes, in the bracket form.' }),
  locale: localeParam.meta({ description: 'A published store locale; anything else falls back to the primary.' }),
};

/** `attributes` and `attributes[]` together, as the domain takes them. */
export function attributesOf(q: { attributes?: string[]; 'attributes[]'?: string[] }): string[] | undefined {
  const all = [...(q.attributes ?? []), ...(q['attributes[]'] ?? [])];
  return all.length ? all : undefined;
}
