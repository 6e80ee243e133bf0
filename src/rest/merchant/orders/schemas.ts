import { z } from 'zod';
import { storeOrderListLimits, storeOrderSortFields, type StoreOrderListInput } from '../../../domain/orders/list-store-orders.js';
import {
  merchantDeliveryMethods,
  merchantOrderStatuses,
  merchantPaymentMeanings,
  merchantPaymentStatuses,
} from '../../../domain/orders/merchant-vocabulary.js';
import { cursorParam, enumParam, integerParam, timestampParam, uuidParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, jsonMap, moneyString, uuid } from '../../kit/common-schemas.js';
import { checkPollingFeed } from '../../kit/polling-feed.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';

const CONTACT = 'merchant-customers-contact-read';

const paymentMeanings = merchantPaymentStatuses.map((name) => `${name}: ${merchantPaymentMeanings[name].meaning}`).join(' ');
const deliveryMeanings =
  'delivery (to an address) and pickup (collected at the store) are what checkout makes; instore (sold at the counter) and shipping (sent by a carrier) are what imported orders carry.';

export const orderListQuery = z
  .looseObject({
    limit: integerParam(1, storeOrderListLimits.maxPageSize).meta({ description: `Page size, default ${storeOrderListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
    updated_after: timestampParam.meta({
      description:
        'The polling feed: orders changed strictly after this time, oldest change first; sort_by, sort_order, page and per_page are then refused. Start each poll five minutes before the previous one started, and deduplicate ids.',
    }),
    payment_status: enumParam(merchantPaymentStatuses).meta({ description: paymentMeanings }),
    delivery_method: enumParam(merchantDeliveryMethods).meta({ description: deliveryMeanings }),
    uuid: uuidParam.meta({ description: "A customer's uid: that customer's orders." }),
    sort_by: enumParam(storeOrderSortFields).meta({ description: 'created_at (default), updated_at, status, payment_status or total; ties by id.' }),
    sort_order: enumParam(['asc', 'desc']).meta({ description: 'desc (default) or asc.' }),
  })
  .superRefine(checkPollingFeed)
  .transform((q): StoreOrderListInput => ({
    window: { size: q.limit ?? storeOrderListLimits.defaultPageSize, after: q.starting_after },
    order: q.updated_after
      ? { kind: 'changedSince', updatedAfter: q.updated_after }
      : { kind: 'sorted', by: q.sort_by ?? 'created_at', direction: q.sort_order ?? 'desc' },
    filter: { paymentStatus: q.payment_status, deliveryMethod: q.delivery_method, customerUid: q.uuid },
  }));

export const orderParams = z.object({ order: z.string().meta({ description: 'The integer id or the uuid of an order of this store.' }) });

const text = z.string().nullable();
const contact = (kind: string) => text.meta({ description: `The ${kind}; masked without ${CONTACT}.` });

export const merchantOrder = z
  .strictObject({
    id: z.int(),
    uid: uuid,
    order_number: z.string(),
    status: z.enum(merchantOrderStatuses).meta({
      description:
        'pending (placed, or waiting for its online payment: the store has not taken it yet), processing, ready, out_for_delivery, delivered, completed, cancelled or rejected.',
    }),
    payment_status: z.enum(merchantPaymentStatuses).meta({ description: paymentMeanings }),
    payment_method: z.enum(['cash', 'online']),
    fulfillment_status: z.string(),
    cancelled: z.boolean(),
    cancel_reason: text,
    channel: text,
    platform: text,
    custom_channel: text,
    external_ref: text,
    delivery_method: z.enum(merchantDeliveryMethods),
    currency: z.string(),
    subtotal: moneyString.meta({ description: 'The lines at catalogue prices.' }),
    discount_total: moneyString.meta({ description: 'Automatic discounts and the coupon.' }),
    shipping_total: moneyString,
    tax_total: moneyString.meta({ description: 'Prices include tax: 0.00.' }),
    total: moneyString,
    customer: z
      .strictObject({ id: z.int(), name: text, email: contact('email address'), phone: contact('phone number') })
      .nullable()
      .meta({ description: "The store's own customer record; null for a guest's order." }),
    shipping_address: z
      .strictObject({ address: z.string(), latitude: z.number(), longitude: z.number(), name: text, phone: contact('recipient phone') })
      .nullable()
      .meta({ description: 'Null for pickup.' }),
    shipment: z
      .strictObject({
        carrier_name: text,
        tracking_number: text,
        tracking_url: text,
        zone_name: text.meta({ description: 'The shipping zone checkout priced the delivery by.' }),
        shipped_at: isoTimestamp.nullable(),
        estimated_delivery_at: isoTimestamp.nullable(),
        delivered_at: isoTimestamp.nullable(),
      })
      .nullable()
      .meta({ description: 'Null until the order has a shipment (a carrier, a tracking number or a shipping time).' }),
    line_items: z.array(
      z.strictObject({
        id: uuid,
        product_id: z.int(),
        product_uid: uuid.nullable(),
        title: z.string(),
        variant_title: text,
        quantity: z.int(),
        unit_price: moneyString,
        total: moneyString,
        properties: z.record(z.string(), z.string()),
      }),
    ),
    note: text,
    metafields: jsonMap,
    metadata: jsonMap,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
    fulfilled_at: isoTimestamp.nullable(),
  })
  .meta({ id: 'MerchantOrder' });

export const orderListAnswer = listAnswer(merchantOrder);
export const orderAnswer = singleAnswer(merchantOrder);
