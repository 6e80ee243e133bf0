import { z } from 'zod';
import { checkoutAddressShape, checkoutContactShape, checkoutShape } from '../../../domain/orders/checkout-fields.js';
import { myOrderListLimits, type MyOrderListInput } from '../../../domain/orders/list-my-orders.js';
import { storefrontFilters } from '../../../domain/orders/order-states.js';
import { cursorParam, enumParam, integerParam, textParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, moneyNumber, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const { maxPageSize, defaultPageSize, maxPage } = myOrderListLimits;
const text = z.string().nullable();
const when = isoTimestamp.nullable();

const timelineEntry = z.strictObject({ title: z.string(), description: z.string(), time: isoTimestamp });

export const orderAddress = z
  .strictObject({
    label: text,
    address: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    country_code: text,
    state: text,
    city: text,
    area: text,
    state_id: z.int().nullable(),
    area_id: z.int().nullable(),
    name: text,
    phone: text,
  })
  .meta({ id: 'OrderAddress', description: 'Where the order goes: the point, its region (ids of the region data set) and the recipient.' });

const summaryShape = {
  id: uuid,
  title: z.string(),
  currency: z.string(),
  total_price: moneyNumber.meta({ description: 'The items after every discount (automatic and coupon).' }),
  delivery_fee: moneyNumber,
  grand_total: moneyNumber,
  payment_status: z.enum(['pending', 'paid', 'failed']),
  transaction_id: text.meta({ description: "The payment provider's reference once a payment was attempted." }),
  is_verified: z.boolean().meta({ description: 'The store has accepted the order (processing or later).' }),
  order_no: z.string().meta({ description: 'The human order number, unique per store and increasing (1001, 1002, …).' }),
  status: z.string().meta({ description: 'placed, pending_payment, processing, ready, out_for_delivery, delivered, completed, cancelled or rejected.' }),
  order_type: z.literal('regular'),
  scheduled_date: z.null(),
  scheduled_time: z.null(),
  is_backorder_held: z.boolean(),
  backorder_ready_date: z.null(),
  delivery_method: z.enum(['delivery', 'pickup']),
  payment_method: z.enum(['cash', 'online']),
  delivery_address: orderAddress.nullable(),
  pickup_address: text.meta({ description: "The store's address, for pickup orders." }),
  stage: z.int().meta({ description: '0 placed or awaiting payment, 1 processing, 2 ready, 3 out for delivery, 4 delivered, 5 completed.' }),
  earliest_delivery_time: when,
  latest_delivery_time: when,
  ready_window: z.null(),
  vendor: z.strictObject({
    id: uuid,
    name: z.string(),
    slug: z.string(),
    logo: text,
    address: text,
    phone: text,
    email: text,
    map_lat: z.null(),
    map_lng: z.null(),
  }),
  created_by_id: uuid.nullable(),
  timeline: z.array(timelineEntry).meta({ description: "The shopper's steps, oldest first." }),
  vendor_timeline: z.array(timelineEntry).meta({ description: "The store's steps and the shopper's, oldest first." }),
  vendor_note: z.null(),
  rider_note: z.null(),
  shopforme_fee: moneyNumber,
  service_fee: moneyNumber,
  is_confirmed: z.boolean(),
  rejected: z.boolean(),
  is_completed: z.boolean(),
  cancelled: z.boolean(),
  items_count: z.int(),
  started_at: when,
  completed_at: when,
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
};

export const customerOrderSummary = z.strictObject(summaryShape).meta({ id: 'CustomerOrder' });

const orderItem = z
  .strictObject({
    id: uuid,
    quantity: z.int(),
    title: z.string(),
    variant_id: uuid.nullable(),
    variant_title: text,
    variant_option_values: z.record(z.string(), z.string()),
    variant_media: z.strictObject({ image: text, video_url: z.null(), source: text }),
    currency: z.string(),
    total_price: moneyNumber.meta({ description: 'What the line costs after every discount.' }),
    sale_price: moneyNumber,
    unit_price: moneyNumber.meta({ description: 'One unit after automatic discounts.' }),
    base_unit_price: moneyNumber.meta({ description: 'One unit at the catalogue price.' }),
    is_backorder: z.boolean(),
    backorder_ready_date: z.null(),
    discounted_amount: moneyNumber.meta({ description: 'Everything taken off the line: automatic discounts and its share of the coupon.' }),
    created_at: isoTimestamp,
    addons: z.array(z.never()),
    properties: z.record(z.string(), z.string()),
  })
  .meta({ id: 'CustomerOrderItem' });

export const customerOrderDetail = z
  .strictObject({
    ...summaryShape,
    table: z.null(),
    status_label: z.string(),
    status_img: z.null(),
    user_id: uuid.nullable(),
    pickup_map_lat: z.null(),
    pickup_map_lng: z.null(),
    items: z.array(orderItem),
    created_by: z.strictObject({ id: uuid.nullable(), name: text, phone: text }),
    rider: z
      .strictObject({ name: z.string(), phone: text, vehicle: text, tracking_url: text, assigned_at: text })
      .nullable()
      .meta({ description: 'The rider bringing a delivery order, once the store assigned one (POST /orders/{order}/assign-rider); else null.' }),
    rider_rating: z.null(),
    rider_review_status: z.null(),
    vendor_review_status: z.null(),
    vendor_rating: z.null(),
    virtual_account_id: z.null(),
    payment_link: text.meta({ description: 'Where to pay: an unpaid online order only.' }),
    pay_link: text,
    viewer_type: z.literal('customer'),
    amount_summary: z.strictObject({
      title: z.string(),
      view: z.string(),
      items: z.array(z.strictObject({ key: z.string(), label: z.string(), type: z.enum(['amount', 'discount', 'total']), amount: moneyNumber })),
    }),
  })
  .meta({ id: 'CustomerOrderDetail' });

export const paymentDetails = z.strictObject({
  order: z.strictObject({
    id: uuid,
    order_no: z.string(),
    status: z.string(),
    payment_status: z.string(),
    payment_method: z.literal('online'),
    currency: z.string(),
    is_payable: z.literal(true),
    is_paid: z.literal(false),
    grand_total: z.string().meta({ description: 'Decimal string, such as "42.50".' }),
    grand_total_text: z.string(),
    payment_link: z.string(),
    pay_link: z.string(),
    items: z.array(orderItem),
  }),
});

const filterNames = Object.keys(storefrontFilters) as [keyof typeof storefrontFilters, ...(keyof typeof storefrontFilters)[]];

export const myOrdersQuery = z
  .object({
    status: enumParam(filterNames).meta({
      description: 'all (default); ongoing: placed to out for delivery; pending: placed or awaiting payment; delivered; completed.',
    }),
    service: textParam(60).meta({ description: "The store's service slug (store info `service`); another one lists nothing." }),
    per_page: integerParam(1, maxPageSize).meta({ description: `Page size, default ${defaultPageSize}.` }),
    limit: integerParam(1, maxPageSize).meta({ description: 'Alias of per_page.' }),
    page: integerParam(1, Number.MAX_SAFE_INTEGER).meta({ description: `Page mode, 1 to ${maxPage}; has_more tells whether another page follows.` }),
    starting_after: cursorParam.meta({ description: 'next_cursor of the previous page; bound to status and service.' }),
  })
  .superRefine((q, issues) => {
    if (q.page !== undefined && q.starting_after !== undefined) {
      issues.addIssue({ code: 'custom', path: ['page'], message: 'cannot be combined with starting_after: walk by page or by cursor.' });
    }
  })
  .transform((q): MyOrderListInput => ({
    window: { size: q.per_page ?? q.limit ?? defaultPageSize, after: q.starting_after },
    page: q.page,
    status: q.status ?? 'all',
    service: q.service,
  }));

export const myOrdersAnswer = listAnswer(customerOrderSummary);
export const myOrderAnswer = singleAnswer(customerOrderDetail);
export const paymentDetailsAnswer = singleAnswer(paymentDetails);
export const orderParams = z.object({ id: z.string().meta({ description: 'The order uuid or its order_no.' }) });

/** The nested address and contact go by their wire names too (`recipient_name`). */
export const checkoutBody = wireObject(checkoutShape, {
  wireFields: {
    address: wireObject(checkoutAddressShape).optional(),
    contact: wireObject(checkoutContactShape).optional(),
  },
}).meta({
  description:
    'cart_id (optional: the open cart of the caller), delivery_method delivery|pickup, address_id (a saved address; signed in) or address ' +
    '{label, address, lat, lng, recipient_name, recipient_phone}, payment_method cash|online, coupon_code, note, and for a guest contact {name, email, phone}.',
});
