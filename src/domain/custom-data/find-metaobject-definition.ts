import type { MetaobjectDefinition } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import type { MetaobjectField } from './metaobject-definition-fields.js';

export type MetaobjectDefinitionRow = Omit<MetaobjectDefinition, 'fields'> & { fields: MetaobjectField[] };

/** The store's definition of `type`, or null; `shopper` leaves out the ones shoppers may not read. */
export async function findMetaobjectDefinition(ctx: Ctx, type: string, options: { shopper?: boolean } = {}): Promise<MetaobjectDefinitionRow | null> {
  const where = options.shopper ? { type, storefrontVisible: true } : { type };
  return (await ctx.db.metaobjectDefinition.findFirst({ where })) as unknown as MetaobjectDefinitionRow | null;
}

/** What names an entry: its display field's value when that is text or a number, else its handle. */
export function displayNameOf(entry: { handle: string; fields: unknown }, definition: Pick<MetaobjectDefinitionRow, 'displayField'>): string {
  const value = definition.displayField ? (entry.fields as Record<string, unknown>)[definition.displayField] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : entry.handle;
}
