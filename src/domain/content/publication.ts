import type { Post } from '../../generated/prisma/client.js';
import type { PostStatus } from './post-fields.js';

/**
 * When a post is (or will be) published: the time sent; else the one it has; else, once its
 * status is published, the write's own time. A draft keeps a time sent for when it is published.
 */
export function publishedAtOf(status: PostStatus, sent: Date | null | undefined, current: Pick<Post, 'publishedAt'> | null, now: Date): Date | null {
  if (sent !== undefined) return sent ?? (status === 'published' ? now : null);
  return current?.publishedAt ?? (status === 'published' ? now : null);
}
