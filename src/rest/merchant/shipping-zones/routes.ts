import { scope } from '../../../auth/requirements.js';
import { listShippingZones } from '../../../domain/shipping/list-zones.js';
import { createShippingZone, replaceShippingZone } from '../../../domain/shipping/write-zone.js';
import { list, single } from '../../kit/envelope.js';
import { defineRoute } from '../../kit/route.js';
import { MERCHANT_PREFIX } from '../paths.js';
import { presentShippingZone } from './presenters.js';
import { zoneAnswer, zoneListAnswer, zoneListQuery, zoneParams, zoneReplaceBody, zoneWriteBody } from './schemas.js';

export const shippingZoneRoutes = [
  defineRoute({
    method: 'GET',
    url: '/shipping-zones',
    operationId: 'listMerchantShippingZones',
    tag: 'Shipping zones',
    summary: "The store's shipping zones, active or not, by position and then the oldest first",
    auth: scope('merchant-shipping-read'),
    query: zoneListQuery,
    answer: zoneListAnswer,
    wireNames: { size: 'limit' },
    handle: async (ctx, { query }) => {
      const page = await listShippingZones(ctx, query);
      return { body: list('Shipping zones', page.rows.map(presentShippingZone), page) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/shipping-zones',
    operationId: 'createMerchantShippingZone',
    tag: 'Shipping zones',
    summary: 'Create a shipping zone',
    auth: scope('merchant-shipping-create'),
    body: zoneWriteBody,
    answer: zoneAnswer,
    status: 201,
    handle: async (ctx, { body }) => {
      const zone = await createShippingZone(ctx, body);
      return { body: single('Shipping zone created', presentShippingZone(zone)), headers: { location: `${MERCHANT_PREFIX}/shipping-zones/${zone.id}` } };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/shipping-zones/:zone',
    operationId: 'replaceMerchantShippingZone',
    tag: 'Shipping zones',
    summary: 'Replace a shipping zone: fields left out go back to their defaults',
    auth: scope('merchant-shipping-update'),
    params: zoneParams,
    body: zoneReplaceBody,
    answer: zoneAnswer,
    handle: async (ctx, { params, body }) => ({
      body: single('Shipping zone updated', presentShippingZone(await replaceShippingZone(ctx, params.zone, body))),
    }),
  }),
];
