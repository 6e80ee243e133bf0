import { NEW_FOR_DAYS } from '../../domain/catalog/freshness.js';
import type { StoredRules } from '../../domain/collections/rule-language.js';
import type { Ctx } from '../../domain/context.js';

const DAY_MS = 86_400_000;

/**
 * The next instant at which the store's catalogue answers change with no write at all: a discount
 * or promotion starting or ending (prices, promotion lists, `discount_applies` collections), a
 * product stopping being new (`is_new`), one ageing out of a "created within N days" collection,
 * or a scheduled post going live.
 * A cached answer is good until then; null when no such instant is ahead. Earlier is always safe:
 * any product counts, published or not.
 */
export async function nextCatalogBoundary(ctx: Ctx): Promise<Date | null> {
  const now = ctx.now;
  const ages = new Set([NEW_FOR_DAYS, ...(await smartRuleAges(ctx))]);
  const [starts, ends, scheduled, ...ageings] = await Promise.all([
    ctx.db.discount.findFirst({ where: { validFrom: { gt: now } }, orderBy: { validFrom: 'asc' }, select: { validFrom: true } }),
    ctx.db.discount.findFirst({ where: { validUntil: { gt: now } }, orderBy: { validUntil: 'asc' }, select: { validUntil: true } }),
    ctx.db.post.findFirst({ where: { status: 'published', publishedAt: { gt: now } }, orderBy: { publishedAt: 'asc' }, select: { publishedAt: true } }),
    ...[...ages].map(async (days) => {
      const youngest = await ctx.db.product.findFirst({
        where: { createdAt: { gt: new Date(now.getTime() - days * DAY_MS) } },
        orderBy: { createdAt: 'asc' },
        select: { createdAt: true },
      });
      return youngest ? new Date(youngest.createdAt.getTime() + days * DAY_MS) : null;
    }),
  ]);
  const instants = [starts?.validFrom, ends?.validUntil, scheduled?.publishedAt, ...ageings].filter((d): d is Date => d instanceof Date);
  return instants.length ? new Date(Math.min(...instants.map((d) => d.getTime()))) : null;
}

/** The distinct N of the store's "created within N days" rules. */
async function smartRuleAges(ctx: Ctx): Promise<number[]> {
  const smart = await ctx.db.collection.findMany({ where: { mode: 'smart' }, select: { rules: true } });
  return smart.flatMap(({ rules }) => ((rules as StoredRules | null)?.rules ?? []).flatMap((rule) => (rule.kind === 'created_within_days' ? [rule.days] : [])));
}
