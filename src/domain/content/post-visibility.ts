import type { Prisma } from '../../generated/prisma/client.js';

/** What shoppers see: published posts whose publication time has come (a later one is scheduled). */
export function liveWhere(now: Date): Prisma.PostWhereInput {
  return { status: 'published', publishedAt: { lte: now } };
}
