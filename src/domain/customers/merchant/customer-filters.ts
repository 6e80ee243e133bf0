import type { Ctx } from '../../context.js';
import { readsContact, requireContactScope } from './contact.js';
import { periodRange, type CustomerPeriod } from './period.js';

export const customerFilterLimits = { maxSearchLength: 255 } as const;

export interface CustomerFilter {
  /** Customers who joined the store strictly after this time. */
  createdAfter?: Date;
  /** Customers who joined the store strictly before this time. */
  createdBefore?: Date;
  /** Joined within this period of the store's calendar, in its time zone. */
  period?: CustomerPeriod;
  search?: string;
  /** The whole email address, any case: a contact filter. */
  email?: string;
  /** The whole phone number in E.164: a contact filter. */
  phone?: string;
}

const phoneLike = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

/** Prisma's case-insensitive substring match, with `%` and `_` taken literally (Prisma escapes them). */
const containing = (text: string) => ({ contains: text, mode: 'insensitive' as const });

/**
 * What `search` matches. Text with an `@` reads as an email and text of digits and phone punctuation
 * as a phone number: those match the contact and need the contact scope (without it, 403 rather than
 * a silently empty page). Any other text matches the name, every word in the first or the last name;
 * with the contact scope it also matches the email, and its digits the phone.
 */
function searchCondition(ctx: Ctx, search: string) {
  const digits = search.replace(/\D/g, '');
  if (search.includes('@')) {
    requireContactScope(ctx);
    return { account: { email: containing(search) } };
  }
  if (phoneLike.test(search)) {
    requireContactScope(ctx);
    return { account: { phone: { contains: digits } } };
  }
  const words = search.split(/\s+/).filter(Boolean);
  const byName = { account: { AND: words.map((word) => ({ OR: [{ firstName: containing(word) }, { lastName: containing(word) }] })) } };
  if (!readsContact(ctx)) return byName;
  return { OR: [byName, { account: { email: containing(search) } }, ...(digits ? [{ account: { phone: { contains: digits } } }] : [])] };
}

/** The filters as a Prisma `where` on the customer, and the canonical values a cursor is bound to. */
export function customerWhere(ctx: Ctx, filter: CustomerFilter) {
  if (filter.email !== undefined || filter.phone !== undefined) requireContactScope(ctx);
  const range = filter.period ? periodRange(filter.period, ctx.store.timezone, ctx.now) : undefined;
  const conditions: Record<string, unknown>[] = [];
  if (filter.createdAfter) conditions.push({ createdAt: { gt: filter.createdAfter } });
  if (filter.createdBefore) conditions.push({ createdAt: { lt: filter.createdBefore } });
  if (range) conditions.push({ createdAt: { gte: range.from, lt: range.to } });
  if (filter.search) conditions.push(searchCondition(ctx, filter.search));
  if (filter.email !== undefined) conditions.push({ account: { email: filter.email.toLowerCase() } });
  if (filter.phone !== undefined) conditions.push({ account: { phone: filter.phone } });
  return {
    where: conditions.length ? { AND: conditions } : {},
    binding: {
      created_after: filter.createdAfter?.toISOString(),
      created_before: filter.createdBefore?.toISOString(),
      // The period as it resolved: a walk of "today" that runs past midnight starts again.
      period: range ? `${range.from.toISOString()}/${range.to.toISOString()}` : undefined,
      search: filter.search,
      // The same text matches more with the contact scope, so a cursor does not cross the two.
      search_contact: filter.search ? readsContact(ctx) : undefined,
      email: filter.email?.toLowerCase(),
      phone: filter.phone,
    },
  };
}
