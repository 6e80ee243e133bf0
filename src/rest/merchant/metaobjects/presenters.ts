import type { Metaobject } from '../../../generated/prisma/client.js';
import { displayNameOf, type MetaobjectDefinitionRow } from '../../../domain/custom-data/find-metaobject-definition.js';
import { isoTimestamp } from '../../kit/format.js';

/** A metaobject definition as the merchant API answers it. */
export function presentMetaobjectDefinition(d: MetaobjectDefinitionRow) {
  return {
    id: d.id,
    type: d.type,
    name: d.name,
    description: d.description,
    display_field: d.displayField,
    storefront_visible: d.storefrontVisible,
    fields: d.fields.map((f) => ({ key: f.key, name: f.name, type: f.type, required: f.required, validations: f.validations })),
    installation_id: d.installationId,
    created_at: isoTimestamp(d.createdAt),
    updated_at: isoTimestamp(d.updatedAt),
  };
}

/** A metaobject entry, on both faces: its type, handle, display name and field values. */
export function presentMetaobject(entry: Metaobject, definition: MetaobjectDefinitionRow) {
  return {
    id: entry.id,
    type: definition.type,
    handle: entry.handle,
    display_name: displayNameOf(entry, definition),
    fields: entry.fields as Record<string, unknown>,
    created_at: isoTimestamp(entry.createdAt),
    updated_at: isoTimestamp(entry.updatedAt),
  };
}
