import type { TranslatableResource } from '../../../domain/translations/translatable-resources.js';

export function presentTranslatableResource(resource: TranslatableResource) {
  return {
    type: resource.type,
    id: resource.id,
    fields: resource.fields,
    translations: resource.translations.map((t) => ({
      locale: t.locale,
      published: t.published,
      fields: t.fields,
      updated_at: t.updatedAt?.toISOString() ?? null,
    })),
  };
}
