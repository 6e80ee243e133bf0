import type { StaffMember } from '../../generated/prisma/client.js';
import { storeClientOf } from '../../platform/database/store-scoped-client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { findStoreBySlug, type OperatorCtx } from '../store/manage-stores.js';
import { inStoreTransaction } from '../store-transaction.js';
import { staffLimits, staffRoles, type StaffRole } from './roles.js';
import { teamOrder } from './team-order.js';

export interface AddStaffInput {
  store: string;
  name: string;
  email: string;
  role: string;
  phone?: string;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[0-9 ().-]{4,}$/;

function refuse(field: string, message: string): never {
  throw ApiError.invalidField(field, message);
}

function validated(input: AddStaffInput) {
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  const phone = input.phone?.trim() || null;
  if (!name || name.length > staffLimits.name) refuse('name', `must be 1 to ${staffLimits.name} characters`);
  if (email.length > staffLimits.email || !emailPattern.test(email)) refuse('email', 'must be an email address');
  if (phone !== null && (phone.length > staffLimits.phone || !phonePattern.test(phone))) refuse('phone', 'must be a phone number');
  if (!(staffRoles as readonly string[]).includes(input.role)) refuse('role', `must be one of ${staffRoles.join(', ')}`);
  return { name, email, phone, role: input.role as StaffRole };
}

/** Adds a person to a store's team (operator action): one email once per store, 409 conflict otherwise. */
export async function addStaffMember(ctx: OperatorCtx, input: AddStaffInput): Promise<StaffMember> {
  const fields = validated(input);
  const store = await findStoreBySlug(ctx, input.store);
  return inStoreTransaction(ctx.db, store.id, async (db, outbox) => {
    if ((await db.staffMember.count()) >= staffLimits.membersPerStore)
      refuse('store', `has the most team members a store may have (${staffLimits.membersPerStore})`);
    if (await db.staffMember.findFirst({ where: { email: fields.email } })) {
      throw new ApiError('conflict', `${fields.email} is on the team of store "${store.slug}" already.`);
    }
    const member = await db.staffMember.create({ data: { storeId: db.$storeId, ...fields } });
    outbox.append({ topic: 'staff_members/create', payload: { id: member.id, role: member.role } });
    return member;
  }).catch((error: unknown) => {
    // Two adds of one email at once: the unique index keeps one.
    if ((error as { code?: string }).code === 'P2002') throw new ApiError('conflict', `${fields.email} is on the team of store "${store.slug}" already.`);
    throw error;
  });
}

export async function listStaffMembers(ctx: OperatorCtx, storeSlug: string): Promise<StaffMember[]> {
  const store = await findStoreBySlug(ctx, storeSlug);
  return teamOrder(await storeClientOf(ctx.db, store.id).staffMember.findMany());
}

export async function removeStaffMember(ctx: OperatorCtx, input: { store: string; id: string }): Promise<StaffMember> {
  const store = await findStoreBySlug(ctx, input.store);
  const notFound = () => ApiError.notFound(`Team member "${input.id}"`);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(input.id)) throw notFound();
  return inStoreTransaction(ctx.db, store.id, async (db, outbox) => {
    const member = await db.staffMember.findFirst({ where: { id: input.id } });
    if (!member) throw notFound();
    await db.staffMember.delete({ where: { id: member.id } });
    outbox.append({ topic: 'staff_members/delete', payload: { id: member.id, role: member.role } });
    return member;
  });
}
