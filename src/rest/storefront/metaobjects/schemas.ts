import { z } from 'zod';
import { customDataListLimits, type MetaobjectListInput } from '../../../domain/custom-data/list-custom-data.js';
import { handlePattern } from '../../../domain/custom-data/metaobject-definition-fields.js';
import { cursorParam, integerParam, localeParam } from '../../../platform/validation/wire-params.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { metaobjectSchema } from '../../merchant/metaobjects/schemas.js';

const locale = localeParam.meta({
  description:
    'A published store locale; anything else falls back to the primary. Text fields with a translation read translated (Content-Language names the locale).',
});

export const typeParams = z.object({ type: z.string().meta({ description: 'A storefront-visible metaobject type.' }) });
export const entryParams = typeParams.extend({
  handle: z.string().meta({ description: `The entry's handle (${handlePattern.source}).` }),
});

export const storefrontMetaobjectListQuery = z
  .looseObject({
    limit: integerParam(1, customDataListLimits.maxPageSize).meta({ description: `Page size, default ${customDataListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
    locale,
  })
  .transform((q): { window: MetaobjectListInput['window']; locale: string | undefined } => ({
    window: { size: q.limit ?? customDataListLimits.defaultPageSize, after: q.starting_after },
    locale: q.locale,
  }));

export const storefrontMetaobjectQuery = z.object({ locale });

export const storefrontMetaobjectAnswer = singleAnswer(metaobjectSchema);
export const storefrontMetaobjectListAnswer = listAnswer(metaobjectSchema);
