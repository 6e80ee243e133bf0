import { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { metafieldsInput } from '../catalog/writes/metafields.js';
import { appNamespace } from '../apps/namespace.js';
import { APP_NAMESPACE, PLATFORM_NAMESPACE } from '../custom-data/namespaces.js';
import { clearable, jsonObject } from '../../platform/validation/body-fields.js';

/** The caps of an order edit (`PATCH /orders/{order}`, GraphQL `orderUpdate`). */
export const orderEditLimits = {
  metadataKeys: 50,
  metadataBytes: 16_384,
  propertyKeysPerLine: 50,
  propertyKeyLength: 64,
  propertyValueLength: 500,
  lines: 250,
} as const;

/**
 * A line property key as checkout writes them: a letter or digit, then letters, digits, spaces,
 * `_`, `-` or `.`, at most 64 characters (`Gift wrap`, `engraving_text`, `app.engrave.font`).
 */
export const propertyKeyPattern = new RegExp(`^[A-Za-z0-9][A-Za-z0-9 _.-]{0,${orderEditLimits.propertyKeyLength - 1}}$`);

const propertyValue = z
  .string({ error: 'must be text, or null to delete the key' })
  .max(orderEditLimits.propertyValueLength, { error: `must be at most ${orderEditLimits.propertyValueLength} characters` })
  .nullable();

const lineEdit = z.strictObject(
  {
    id: z.uuid({ error: 'must be the uuid of a line of this order' }),
    properties: z
      .record(z.string(), propertyValue, { error: 'must be a map of key to text or null' })
      .superRefine((map, ctx) => {
        for (const key of Object.keys(map)) {
          if (!propertyKeyPattern.test(key)) {
            ctx.addIssue({
              code: 'custom',
              path: [key],
              message: `is not a property key: a letter or digit, then letters, digits, spaces, "_", "-" or ".", at most ${orderEditLimits.propertyKeyLength} characters`,
            });
          }
        }
      }),
  },
  { error: 'must be an object with id and properties' },
);

export const orderEditShape = {
  metafields: clearable(metafieldsInput).optional(),
  metadata: clearable(jsonObject({ maxKeys: orderEditLimits.metadataKeys, maxBytes: orderEditLimits.metadataBytes })).optional(),
  lineItems: z
    .array(lineEdit, { error: 'must be a list of {id, properties}' })
    .max(orderEditLimits.lines, { error: `must have at most ${orderEditLimits.lines} lines` })
    .optional(),
};

export interface OrderEditInput {
  metafields?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
  lineItems?: { id: string; properties: Record<string, string | null> }[];
}

const within = (key: string, root: string) => key === root || key.startsWith(`${root}.`);

/**
 * Why the caller may not write a line property key, or null when it may (PATCH rule 5): an app's
 * key writes only under its own `app.{slug}.`; any other caller writes any key except under
 * `app.` (the apps') and `bazaar.` (the platform's).
 */
export function propertyKeyRefusal(principal: Pick<Principal, 'installation'>, key: string): string | null {
  const { installation } = principal;
  if (installation) {
    const own = appNamespace(installation.appSlug);
    return key.startsWith(own) ? null : `an app writes only keys under its own ${own}`;
  }
  if (within(key, PLATFORM_NAMESPACE)) return `${PLATFORM_NAMESPACE}. keys are reserved for the platform`;
  if (within(key, APP_NAMESPACE)) return `${APP_NAMESPACE}. keys belong to installed apps, each written only with its own key`;
  return null;
}

/** Why a metafield key may not be written on an order edit, or null (PATCH rule 2: no app's and no platform namespace here, whoever calls). */
export function orderMetafieldRefusal(fullKey: string): string | null {
  if (within(fullKey, PLATFORM_NAMESPACE)) return `${PLATFORM_NAMESPACE}.* is reserved for the platform`;
  if (within(fullKey, APP_NAMESPACE)) return `${APP_NAMESPACE}.* namespaces belong to installed apps and are not written on this endpoint`;
  return null;
}
