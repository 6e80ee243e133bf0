import type { Ctx } from '../context.js';
import { contactFor } from '../customers/merchant/contact.js';
import { teamOrder } from './team-order.js';

/** A team member as the calling key may see them: contact masked without merchant-customers-contact-read. */
export interface DirectoryEntry {
  id: string;
  name: string;
  role: string;
  avatarUrl: string | null;
  email: string | null;
  phone: string | null;
  joinedAt: Date;
}

/** The store's whole team (at most 200, one page), owners first. */
export async function teamDirectory(ctx: Ctx): Promise<DirectoryEntry[]> {
  const members = teamOrder(await ctx.db.staffMember.findMany());
  return members.map((m) => ({
    id: m.id,
    name: m.name,
    role: m.role,
    avatarUrl: m.avatarUrl,
    ...contactFor(ctx, { email: m.email, phone: m.phone }),
    joinedAt: m.createdAt,
  }));
}
