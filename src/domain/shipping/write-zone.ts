import { Prisma, type ShippingZone } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Ctx } from '../context.js';
import { withTransaction } from '../transaction.js';
import { checkZoneRegions } from './check-regions.js';
import { findShippingZone } from './find-zone.js';
import { checkReadOnlyFields, type ZoneReadOnlyFields } from './read-only-fields.js';
import type { ZoneWriteInput } from './zone-fields.js';

/**
 * The columns of a zone as one write states them: every field left out takes its default, so a
 * replace leaves nothing of the version it replaces. The currency is the store's at the time of
 * the write, the currency its rates are amounts in.
 */
async function columnsOf(ctx: Ctx, input: ZoneWriteInput) {
  if (input.minDays > input.maxDays) throw ApiError.invalidField('maxDays', 'must be at least minDays');
  const minWeightKg = input.minWeightKg ?? null;
  const maxWeightKg = input.maxWeightKg ?? null;
  if (minWeightKg && maxWeightKg && minWeightKg.gt(maxWeightKg)) throw ApiError.invalidField('maxWeightKg', 'must be at least minWeightKg');
  const regions = { countries: input.countries ?? [], stateIds: input.stateIds ?? [], areaIds: input.areaIds ?? [] };
  await checkZoneRegions(ctx, regions);
  return {
    name: input.name,
    zoneType: input.zoneType,
    ...regions,
    currency: ctx.store.currency,
    baseRate: input.baseRate,
    perKgRate: input.perKgRate ?? null,
    minWeightKg,
    maxWeightKg,
    minDays: input.minDays,
    maxDays: input.maxDays,
    active: input.active ?? true,
    position: input.sortOrder ?? 0,
  };
}

type ZoneColumns = Awaited<ReturnType<typeof columnsOf>>;

/** Whether a replace would store what the zone already holds (decimals by value, lists in order). */
function unchanged(zone: ShippingZone, columns: ZoneColumns): boolean {
  return Object.entries(columns).every(([name, value]) => {
    const current: unknown = zone[name as keyof ZoneColumns];
    if (value instanceof Prisma.Decimal) return current instanceof Prisma.Decimal && current.equals(value);
    if (Array.isArray(value)) return Array.isArray(current) && current.length === value.length && value.every((v, i) => current[i] === v);
    return current === value;
  });
}

/** A new zone, in one transaction with its `shipping_zones/create` event; every rule is checked first. */
export async function createShippingZone(ctx: Ctx, input: ZoneWriteInput): Promise<ShippingZone> {
  const columns = await columnsOf(ctx, input);
  return withTransaction(ctx, async (tx) => {
    const zone = await tx.db.shippingZone.create({ data: { storeId: tx.db.$storeId, ...columns } });
    tx.outbox.append({ topic: 'shipping_zones/create', payload: { id: zone.id } });
    return zone;
  });
}

/**
 * Replaces the whole zone (PUT semantics): the fields sent, and every other field back to its
 * default. Another store's zone is a 404, found inside the transaction so the zone cannot vanish
 * between the read and the write. A replace that changes nothing writes nothing (no event, the same
 * `updated_at`), so a read sent back as a write answers the very object it was: its read-only
 * fields are taken back as read (read-only-fields.ts).
 */
export async function replaceShippingZone(ctx: Ctx, rawId: string, input: ZoneWriteInput & ZoneReadOnlyFields): Promise<ShippingZone> {
  const { id, currency, position, createdAt, updatedAt, ...fields } = input;
  const columns = await columnsOf(ctx, { ...fields, sortOrder: fields.sortOrder ?? position });
  return withTransaction(ctx, async (tx) => {
    const current = await findShippingZone(tx, rawId);
    checkReadOnlyFields(current, { id, currency, position, createdAt, updatedAt });
    if (unchanged(current, columns)) return current;
    const zone = await tx.db.shippingZone.update({ where: { id: current.id }, data: columns });
    tx.outbox.append({ topic: 'shipping_zones/update', payload: { id: zone.id } });
    return zone;
  });
}
