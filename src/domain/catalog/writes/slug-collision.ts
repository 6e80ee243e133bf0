import { Prisma } from '../../../generated/prisma/client.js';

/** Whether a write failed because another product of the store took the same slug first. */
export function isSlugCollision(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') return false;
  const meta = error.meta as { modelName?: string; target?: unknown } | undefined;
  return meta?.modelName === 'Product' && JSON.stringify(meta).includes('slug');
}
