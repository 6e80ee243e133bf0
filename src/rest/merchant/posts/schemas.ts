import { z } from 'zod';
import { merchantPostListLimits, merchantPostStatusFilters, type MerchantPostListInput } from '../../../domain/content/list-merchant-posts.js';
import { postCreateShape, postLimits, postStatuses, postUpdateShape } from '../../../domain/content/post-fields.js';
import { cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';
import { postShape } from '../../storefront/posts/schemas.js';

const { maxPageSize, defaultPageSize, maxSearchLength, maxTagLength, maxCategoryLength } = merchantPostListLimits;

export const merchantPost = z
  .strictObject({
    ...postShape,
    status: z.enum(postStatuses).meta({ description: 'draft or published; a published post with published_at ahead is scheduled.' }),
  })
  .meta({ id: 'MerchantPost', description: 'The Post object of the storefront, drafts included, in the source language.' });

export const merchantPostListQuery = z
  .looseObject({
    limit: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to the filters.' }),
    status: enumParam(merchantPostStatusFilters).meta({
      description: 'all (default); draft; published (live now); scheduled (published with published_at ahead).',
    }),
    tag: textParam(maxTagLength).meta({ description: 'Posts carrying this tag exactly.' }),
    category: textParam(maxCategoryLength).meta({ description: 'Posts in the category with this slug, any case.' }),
    search: textParam(maxSearchLength).meta({ description: 'Part of the title (any case; % and _ are plain characters).' }),
  })
  .transform((q): MerchantPostListInput => ({
    window: { size: q.limit ?? defaultPageSize, after: q.starting_after },
    filter: { status: q.status ?? 'all', tag: q.tag, category: q.category, search: q.search },
  }));

const fieldRules =
  `markdown is kept exactly as written (at most ${postLimits.markdown} characters) and served as one markdown block. ` +
  `slug: lower-case letters, digits and dashes; left out, it is made from the title (the lowest free -2, -3, … suffix). ` +
  `tags: up to ${postLimits.tags}, each at most ${postLimits.tag} characters; categories: up to ${postLimits.categories} names, each at most ${postLimits.category} characters (the storefront filter takes their slugs). ` +
  'status: draft (default) or published; published_at: when it goes live (a later time schedules it; left out, publishing stamps the time of the write). ' +
  'cover_image_url: a public address downloaded into the store files (guarded against internal addresses), null removes the cover. ' +
  'author_name: null signs the post with the store name and logo.';

export const postCreateBody = wireObject(postCreateShape).meta({ description: `title and markdown are required. ${fieldRules}` });
export const postUpdateBody = wireObject(postUpdateShape).meta({ description: `Only the fields sent change; a new title keeps the slug. ${fieldRules}` });

export const postParams = z.object({ post: z.string().max(200).meta({ description: 'The uuid or the slug of a post of this store.' }) });

export const merchantPostAnswer = singleAnswer(merchantPost);
export const merchantPostListAnswer = listAnswer(merchantPost);
export const deletedPostAnswer = singleAnswer(z.strictObject({ id: uuid, slug: z.string(), deleted: z.literal(true) }));
