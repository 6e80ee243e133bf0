import type { MetafieldDefinition } from '../../../generated/prisma/client.js';
import { isoTimestamp } from '../../kit/format.js';

/** A metafield definition as the merchant API answers it. */
export function presentMetafieldDefinition(d: MetafieldDefinition) {
  return {
    id: d.id,
    owner_type: d.ownerType,
    namespace: d.namespace,
    key: d.key,
    name: d.name,
    description: d.description,
    type: d.type,
    validations: d.validations as { name: string; value: unknown }[],
    storefront_visible: d.storefrontVisible,
    installation_id: d.installationId,
    created_at: isoTimestamp(d.createdAt),
    updated_at: isoTimestamp(d.updatedAt),
  };
}
