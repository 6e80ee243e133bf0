import type { Post } from '../../generated/prisma/client.js';
import type { Ctx } from '../../domain/context.js';
import { createPost } from '../../domain/content/create-post.js';
import { deletePost } from '../../domain/content/delete-post.js';
import { postCreateInput, postUpdateInput } from '../../domain/content/post-fields.js';
import { postViews } from '../../domain/content/post-text.js';
import { updatePost } from '../../domain/content/update-post.js';
import { resolveLocale } from '../../domain/locale/resolve-locale.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { withIsoDates } from '../discounts/inputs.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { PostRef, PostStatus, type LocalizedPost } from './types.js';

// The post writes (Bazaar extensions under merchant-posts-write): the REST bodies under camelCase
// names, parsed by the domain's own rules, so a userError names the field as `input.<path>`.

const postFields = (required: boolean) => (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  title: t.string({ required }),
  slug: t.string({ required: false, description: 'Lower-case letters, digits and dashes; left out on create, made from the title.' }),
  markdown: t.string({ required, description: 'The body, kept exactly as written.' }),
  excerpt: t.string({ required: false }),
  tags: t.stringList({ required: false, description: 'Up to 20, each at most 100 characters.' }),
  categories: t.stringList({ required: false, description: 'Up to 10 names, each at most 140 characters.' }),
  status: t.field({ type: PostStatus, required: false, description: 'DRAFT by default on create.' }),
  publishedAt: t.field({ type: 'DateTime', required: false, description: 'When it goes live; a later time schedules it.' }),
  coverImageUrl: t.string({ required: false, description: 'Downloaded into the store media library (never hot-linked); null removes the cover.' }),
  seoTitle: t.string({ required: false }),
  seoDescription: t.string({ required: false }),
  authorName: t.string({ required: false, description: 'Null signs the post with the store name and logo.' }),
});

const PostCreateInput = builder.inputType('PostCreateInput', { description: 'POST /posts: title and markdown are required.', fields: postFields(true) });
const PostUpdateInput = builder.inputType('PostUpdateInput', { description: 'PATCH /posts/{post}: only the fields sent change.', fields: postFields(false) });

const PostPayload = (name: string) =>
  builder.objectRef<{ post: LocalizedPost | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      post: t.field({ type: PostRef, nullable: true, resolve: (p) => p.post }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const PostDeletePayload = builder.objectRef<{ post: Post | null; userErrors: UserErrorShape[] }>('PostDeletePayload').implement({
  fields: (t) => ({
    deletedPostId: t.field({ type: 'UUID', nullable: true, resolve: (p) => p.post?.id ?? null }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

async function payloadOf(ctx: Ctx, write: () => Promise<Post>) {
  const { result, userErrors } = await asMutationPayload(write, inputField);
  if (!result) return { post: null, userErrors };
  const locale = await resolveLocale(ctx, null);
  const [view] = await postViews(ctx, [result], locale);
  return { post: { ...view!, locale }, userErrors };
}

const postIdArg = { required: true, description: 'The uuid or the slug of a post of this store.' } as const;

builder.mutationFields((t) => ({
  postCreate: t.field({
    type: PostPayload('PostCreatePayload'),
    ...merchantScope('merchant-posts-write'),
    description: 'POST /posts (a Bazaar extension): a slug another post holds is a conflict on input.slug.',
    args: { input: t.arg({ type: PostCreateInput, required: true }) },
    resolve: (_root, args, { ctx }) => payloadOf(ctx, () => createPost(ctx, parseInput(postCreateInput, withIsoDates(args.input)))),
  }),
  postUpdate: t.field({
    type: PostPayload('PostUpdatePayload'),
    ...merchantScope('merchant-posts-write'),
    description: 'PATCH /posts/{post} (a Bazaar extension): the fields sent change; a new title keeps the slug.',
    args: { id: t.arg.string(postIdArg), input: t.arg({ type: PostUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) => payloadOf(ctx, () => updatePost(ctx, args.id, parseInput(postUpdateInput, withIsoDates(args.input)))),
  }),
  postDelete: t.field({
    type: PostDeletePayload,
    ...merchantScope('merchant-posts-write'),
    description: 'DELETE /posts/{post} (a Bazaar extension): the post and its translations.',
    args: { id: t.arg.string(postIdArg) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => deletePost(ctx, args.id), inputField);
      return { post: result, userErrors };
    },
  }),
}));
