/** The posts' events: the post's uuid (and its slug on delete, which no read can answer any more). */
export interface ContentEvents {
  'posts/create': { id: string };
  'posts/update': { id: string };
  'posts/delete': { id: string; slug: string };
}
