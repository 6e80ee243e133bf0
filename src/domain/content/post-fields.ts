import { z } from 'zod';
import { clearable, nullableText, requiredOr, requiredText } from '../../platform/validation/body-fields.js';
import { hasNoNul } from '../../platform/validation/text-rules.js';
import { imageUrlInput } from '../catalog/writes/product-image-fields.js';
import { optionalExcept } from '../catalog/writes/product-fields.js';
import { slugOf } from '../catalog/writes/slug.js';
import { instant } from '../discounts/offer-fields.js';

// The fields of a post write, named as the domain names them (camelCase). REST wires them under
// snake_case names and GraphQL passes them as they are, so rules and messages agree.

export const postLimits = {
  title: 255,
  slug: 80,
  markdown: 100_000,
  excerpt: 1000,
  tags: 20,
  tag: 100,
  categories: 10,
  category: 140,
  seoTitle: 255,
  seoDescription: 500,
  authorName: 120,
} as const;

export const postStatuses = ['draft', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

const slugInput = z
  .string({ error: requiredOr('must be text') })
  .trim()
  .max(postLimits.slug, { error: `must be at most ${postLimits.slug} characters` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'must be lower-case letters, digits and single dashes, such as spring-lookbook' });

/** The body as the merchant wrote it: never trimmed or rewritten, only bounded. */
const markdownInput = z
  .string({ error: requiredOr('must be text') })
  .max(postLimits.markdown, { error: `must be at most ${postLimits.markdown} characters` })
  .refine((v) => v.trim().length > 0, { error: 'must not be empty' })
  .refine(hasNoNul, { error: 'must not contain NUL characters' });

/** Trimmed names, each once (the first spelling kept), in the order sent. */
function distinct(values: string[], keyOf: (value: string) => string): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = keyOf(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const tagList = z
  .array(requiredText(postLimits.tag), { error: 'must be a list of tags' })
  .max(postLimits.tags, { error: `must list at most ${postLimits.tags} tags` })
  .transform((tags) => distinct(tags, (tag) => tag));

/** Category names; each needs letters or digits a slug can be made of, and two names with one slug are one category. */
const categoryList = z
  .array(
    requiredText(postLimits.category).refine((name) => slugOf(name) !== '', { error: 'must contain letters or digits' }),
    { error: 'must be a list of category names' },
  )
  .max(postLimits.categories, { error: `must list at most ${postLimits.categories} categories` })
  .transform((names) => distinct(names, slugOf));

export const postFieldShape = {
  title: requiredText(postLimits.title),
  slug: slugInput,
  markdown: markdownInput,
  excerpt: nullableText(postLimits.excerpt),
  tags: tagList,
  categories: categoryList,
  status: z.enum(postStatuses, { error: 'must be draft or published' }),
  /** When the post goes live; a published post without one goes live at the write. A later time schedules it. */
  publishedAt: instant,
  /** Downloaded into the store's media library behind the SSRF guard, never hot-linked; null removes the cover. */
  coverImageUrl: clearable(imageUrlInput),
  seoTitle: nullableText(postLimits.seoTitle),
  seoDescription: nullableText(postLimits.seoDescription),
  /** Who signs the post; null signs it with the store's name and logo. */
  authorName: nullableText(postLimits.authorName),
};

export const postCreateShape = optionalExcept(postFieldShape, ['title', 'markdown']);
export const postUpdateShape = optionalExcept(postFieldShape, []);
export const postCreateInput = z.strictObject(postCreateShape);
export const postUpdateInput = z.strictObject(postUpdateShape);
export type PostCreateInput = z.output<typeof postCreateInput>;
export type PostUpdateInput = z.output<typeof postUpdateInput>;
