import type { ShippingZone as ShippingZoneRow } from '../../generated/prisma/client.js';
import { createShippingZone, replaceShippingZone } from '../../domain/shipping/write-zone.js';
import { zoneWriteInput } from '../../domain/shipping/zone-fields.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { ShippingZone, ShippingZoneInput } from './types.js';

const ZonePayload = (name: string) =>
  builder.objectRef<{ shippingZone: ShippingZoneRow | null; userErrors: UserErrorShape[] }>(name).implement({
    fields: (t) => ({
      shippingZone: t.field({ type: ShippingZone, nullable: true, resolve: (p) => p.shippingZone }),
      userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
    }),
  });

const ShippingZoneCreatePayload = ZonePayload('ShippingZoneCreatePayload');
const ShippingZoneReplacePayload = ZonePayload('ShippingZoneReplacePayload');

/** A null in the input means the field's default, as leaving it out does: the domain parser sees neither. */
function zoneInputOf(input: Record<string, unknown>) {
  return parseInput(zoneWriteInput, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null)));
}

builder.mutationFields((t) => ({
  shippingZoneCreate: t.field({
    type: ShippingZoneCreatePayload,
    ...merchantScope('merchant-shipping-create'),
    description: 'POST /shipping-zones, in one transaction.',
    args: { input: t.arg({ type: ShippingZoneInput, required: true }) },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => createShippingZone(ctx, zoneInputOf(args.input)), inputField);
      return { shippingZone: result, userErrors };
    },
  }),
  shippingZoneReplace: t.field({
    type: ShippingZoneReplacePayload,
    ...merchantScope('merchant-shipping-update'),
    description: 'PUT /shipping-zones/{zone}: the whole zone; fields left out go back to their defaults.',
    args: {
      id: t.arg({ type: 'UUID', required: true, description: 'The uuid of a shipping zone of this store.' }),
      input: t.arg({ type: ShippingZoneInput, required: true }),
    },
    resolve: async (_root, args, { ctx }) => {
      const { result, userErrors } = await asMutationPayload(() => replaceShippingZone(ctx, args.id, zoneInputOf(args.input)), inputField);
      return { shippingZone: result, userErrors };
    },
  }),
}));
