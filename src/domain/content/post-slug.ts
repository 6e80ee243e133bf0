import { Prisma } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { StoreDb } from '../../platform/database/store-scoped-client.js';
import { firstFreeSlug, slugOf } from '../catalog/writes/slug.js';

/** The slug a post gets from its title: the title's, with the lowest free suffix when the store has it already. */
export async function freePostSlug(db: StoreDb, title: string): Promise<string> {
  const base = slugOf(title) || 'post';
  const rows = await db.post.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } });
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)));
}

/** Whether a write failed because another post of the store holds the slug. */
export function isPostSlugCollision(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  const meta = error.meta as { modelName?: string } | undefined;
  return meta?.modelName === 'Post' && JSON.stringify(meta).includes('slug');
}

export const slugTaken = (slug: string) =>
  new ApiError('conflict', `Another post of this store has the slug ${slug}.`, {
    fieldErrors: { slug: ['is already the slug of another post of this store'] },
  });
