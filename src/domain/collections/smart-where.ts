import type { Prisma } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { targetPredicate } from '../discounts/liveness.js';
import { containsText } from '../text-match.js';
import type { StoredRule, StoredRules } from './rule-language.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const nothing: Prisma.ProductWhereInput = { id: { in: [] } };

/**
 * Turns smart rules into one Prisma product condition, so the database picks the members: no
 * product is loaded to be tested. Built per request (a category's subtree, the live discounts and
 * "created within N days" are all read at request time). `discount_applies` reads the very offers
 * the request prices cards with (the request's loader), so a member's card always shows a discount
 * and the page spends no second discount statement.
 */
export function smartWhereCompiler(ctx: Ctx) {
  const discountApplies = async (): Promise<Prisma.ProductWhereInput> => {
    const targets = (await ctx.loaders.liveOffers()).map(targetPredicate);
    if (targets.some((t) => Object.keys(t).length === 0)) return {};
    return targets.length ? { OR: targets } : nothing;
  };

  async function ruleWhere(rule: StoredRule): Promise<Prisma.ProductWhereInput> {
    switch (rule.kind) {
      case 'price_range':
        return { priceMin: { ...(rule.min !== undefined && { gte: rule.min }), ...(rule.max !== undefined && { lte: rule.max }) } };
      case 'category': {
        const all = await ctx.loaders.allCategories();
        if (!all.some((c) => c.id === rule.category_id)) return nothing;
        const ids = [rule.category_id];
        for (let i = 0; i < ids.length; i += 1) for (const c of all) if (c.parentId === ids[i]) ids.push(c.id);
        return { categoryId: { in: ids } };
      }
      case 'in_stock':
        return { inStock: true };
      case 'option_value':
        return { options: { some: { name: { equals: rule.option, mode: 'insensitive' }, values: { has: rule.value } } } };
      case 'title_contains':
        return { title: containsText(rule.text) };
      case 'created_within_days':
        return { createdAt: { gte: new Date(ctx.now.getTime() - rule.days * DAY_MS) } };
      case 'discount_applies':
        return discountApplies();
    }
  }

  return async function compile(rules: StoredRules | null): Promise<Prisma.ProductWhereInput> {
    if (!rules || !rules.rules.length) return nothing;
    const parts = await Promise.all(rules.rules.map(ruleWhere));
    return rules.match === 'all' ? { AND: parts } : { OR: parts };
  };
}

export type SmartWhereCompiler = ReturnType<typeof smartWhereCompiler>;
