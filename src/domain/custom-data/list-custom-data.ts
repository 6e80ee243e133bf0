import type { MetafieldDefinition, Metaobject } from '../../generated/prisma/client.js';
import type { Ctx } from '../context.js';
import { keysetPage, type KeysetPage, type KeysetWindow } from '../pagination/keyset-page.js';
import { asNumber, type KeysetSort } from '../pagination/keyset.js';
import type { MetaobjectDefinitionRow } from './find-metaobject-definition.js';
import type { OwnerType } from './metafield-definition-fields.js';

export const customDataListLimits = { maxPageSize: 100, defaultPageSize: 20 } as const;

/** Oldest first: `pId` grows with every create and is unique, so it is its own tie-breaker. */
const oldestFirst = <Row extends { pId: number }>(): KeysetSort<Row> => [{ field: 'pId', direction: 'asc', read: (row) => row.pId, parse: asNumber }];

export interface MetafieldDefinitionListInput {
  window: KeysetWindow;
  ownerType?: OwnerType;
}

/** The store's metafield definitions, oldest first, of one owner type when asked. */
export function listMetafieldDefinitions(ctx: Ctx, input: MetafieldDefinitionListInput): Promise<KeysetPage<MetafieldDefinition>> {
  const ownerType = input.ownerType ?? null;
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.metafield_definitions', storeId: ctx.store.id, filters: { ownerType } },
      sort: oldestFirst<MetafieldDefinition>(),
      where: ownerType ? { ownerType } : {},
      fetch: (args) => ctx.db.metafieldDefinition.findMany(args as Parameters<typeof ctx.db.metafieldDefinition.findMany>[0]),
    },
    input.window,
  );
}

/** The store's metaobject definitions, oldest first. */
export function listMetaobjectDefinitions(ctx: Ctx, window: KeysetWindow): Promise<KeysetPage<MetaobjectDefinitionRow>> {
  return keysetPage(
    ctx,
    {
      binding: { list: 'merchant.metaobject_definitions', storeId: ctx.store.id, filters: {} },
      sort: oldestFirst<MetaobjectDefinitionRow>(),
      where: {},
      fetch: (args) => ctx.db.metaobjectDefinition.findMany(args as Parameters<typeof ctx.db.metaobjectDefinition.findMany>[0]) as unknown as Promise<MetaobjectDefinitionRow[]>,
    },
    window,
  );
}

export type MetaobjectEntry = Metaobject & { definition: MetaobjectDefinitionRow };

export interface MetaobjectListInput {
  window: KeysetWindow;
  /** Only entries of this type (already known to exist, or the list is simply empty). */
  type?: string;
  /** Only entries of storefront-visible types: what shoppers read. */
  shopper?: boolean;
}

/** Metaobject entries, oldest first, each with its definition; of one type when asked. */
export function listMetaobjects(ctx: Ctx, input: MetaobjectListInput): Promise<KeysetPage<MetaobjectEntry>> {
  const type = input.type ?? null;
  const definition = { ...(type ? { type } : {}), ...(input.shopper ? { storefrontVisible: true } : {}) };
  return keysetPage(
    ctx,
    {
      binding: { list: input.shopper ? 'store.metaobjects' : 'merchant.metaobjects', storeId: ctx.store.id, filters: { type } },
      sort: oldestFirst<MetaobjectEntry>(),
      where: Object.keys(definition).length ? { definition } : {},
      fetch: (args) =>
        ctx.db.metaobject.findMany({ ...(args as Parameters<typeof ctx.db.metaobject.findMany>[0]), include: { definition: true } }) as unknown as Promise<MetaobjectEntry[]>,
    },
    input.window,
  );
}

/** One entry of a type by its handle, or null; `shopper` finds only storefront-visible types. */
export async function findMetaobject(ctx: Ctx, type: string, handle: string, options: { shopper?: boolean } = {}): Promise<MetaobjectEntry | null> {
  const definition = options.shopper ? { type, storefrontVisible: true } : { type };
  return (await ctx.db.metaobject.findFirst({ where: { handle, definition }, include: { definition: true } })) as unknown as MetaobjectEntry | null;
}
