import type { Store } from '../generated/prisma/client.js';
import type { Db } from '../platform/database/database.js';

const materials = [
  { handle: 'linen', name: 'Linen', care: 'Wash at 40 °C, line dry.' },
  { handle: 'wool', name: 'Wool', care: 'Hand wash cold, dry flat.' },
  { handle: 'cotton', name: 'Cotton', care: 'Machine wash at 30 °C.' },
  { handle: 'leather', name: 'Leather', care: 'Wipe clean; condition twice a year.' },
];

/**
 * The demo store's custom data, so the storefront and GraphiQL show it: a storefront-visible
 * `material` metaobject type with a few entries, and two storefront-visible product metafields
 * (`custom.material`, a reference to one of them, and `custom.care`, text) filled on every product.
 * A store that has metafield definitions already is left as it is.
 */
export async function seedCustomData(db: Db, store: Store): Promise<void> {
  if (await db.metafieldDefinition.findFirst({ where: { storeId: store.id }, select: { id: true } })) return;
  const products = await db.product.findMany({ where: { storeId: store.id, deletedAt: null }, orderBy: { pId: 'asc' }, select: { pId: true } });
  await db.$transaction(
    async (tx) => {
      const definition = await tx.metaobjectDefinition.create({
        data: {
          storeId: store.id,
          type: 'material',
          name: 'Material',
          description: 'What a product is made of, with how to care for it.',
          displayField: 'name',
          storefrontVisible: true,
          fields: [
            { key: 'name', name: 'Name', type: 'text', required: true, validations: [{ name: 'max_length', value: 60 }] },
            { key: 'care', name: 'Care', type: 'text', required: false, validations: [] },
          ],
        },
      });
      const entries = await tx.metaobject.createManyAndReturn({
        data: materials.map((m) => ({ storeId: store.id, definitionId: definition.id, handle: m.handle, fields: { name: m.name, care: m.care } })),
      });
      await tx.metafieldDefinition.createMany({
        data: [
          {
            storeId: store.id,
            ownerType: 'product',
            namespace: 'custom',
            key: 'material',
            name: 'Material',
            type: 'metaobject_reference',
            validations: [{ name: 'metaobject_type', value: 'material' }],
            storefrontVisible: true,
          },
          {
            storeId: store.id,
            ownerType: 'product',
            namespace: 'custom',
            key: 'care',
            name: 'Care',
            type: 'text',
            validations: [{ name: 'max_length', value: 200 }],
            storefrontVisible: true,
          },
        ],
      });
      for (const [index, material] of materials.entries()) {
        const entry = entries.find((e) => e.handle === material.handle)!;
        const pIds = products.filter((_, i) => i % materials.length === index).map((p) => p.pId);
        if (!pIds.length) continue;
        // Raw SQL, as the catalogue itself is written: the seeded products keep their planned updated_at.
        const metafields = JSON.stringify({ 'custom.material': entry.id, 'custom.care': material.care });
        await tx.$executeRaw`UPDATE "Product" SET "metafields" = ${metafields}::jsonb WHERE "storeId" = ${store.id}::uuid AND "pId" = ANY(${pIds})`;
      }
      // A bench store of 100,000 products writes them in seconds: the catalogue's own chunks allow as long.
    },
    { maxWait: 10_000, timeout: 120_000 },
  );
}
