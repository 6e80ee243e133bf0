import { inventoryBehaviours } from '../../domain/orders/import-fields.js';
import { MOVE_REASON_MAX } from '../../domain/orders/merchant-move.js';
import { orderEditLimits as caps } from '../../domain/orders/order-edit-fields.js';
import { builder } from '../builder.js';
import { withIsoDates } from '../discounts/inputs.js';
import { DeliveryMethod, OrderStatus } from './order-parts.js';

// The inputs of the merchant order mutations: the REST bodies of the merchant order writes under
// camelCase names, and their translation back to what the domain's schemas read.

const OrderLinePropertiesInput = builder.inputType('OrderLinePropertiesInput', {
  fields: (t) => ({
    id: t.string({ required: true, description: 'The uuid of a line of this order.' }),
    properties: t.field({ type: 'JSONObject', required: true, description: 'Key to text sets, key to null deletes, keys not sent keep their value.' }),
  }),
});

export const OrderUpdateInput = builder.inputType('OrderUpdateInput', {
  description: 'PATCH /orders/{order}: metafields, metadata and line properties, nothing else.',
  fields: (t) => ({
    metafields: t.field({
      type: 'JSONObject',
      required: false,
      description: 'namespace.key of order metafield definitions, never app.* or bazaar.*: the values sent replace the writable ones; null clears them.',
    }),
    metadata: t.field({
      type: 'JSONObject',
      required: false,
      description: `Replaced wholesale; null clears it; at most ${caps.metadataKeys} keys and ${caps.metadataBytes} bytes as JSON.`,
    }),
    lineItems: t.field({ type: [OrderLinePropertiesInput], required: false }),
  }),
});

export const OrderStatusMoveInput = builder.inputType('OrderStatusMoveInput', {
  description: 'POST /orders/{order}/status.',
  fields: (t) => ({
    status: t.field({ type: OrderStatus, required: true, description: 'The state to move the order to, over the order process table (README, Orders).' }),
    reason: t.string({ required: false, description: `Why, at most ${MOVE_REASON_MAX} characters: kept as cancelReason when the move cancels or rejects.` }),
  }),
});

export const OrderRiderAssignInput = builder.inputType('OrderRiderAssignInput', {
  description: 'POST /orders/{order}/assign-rider.',
  fields: (t) => ({
    name: t.string({ required: true }),
    phone: t.string({ required: true }),
    vehicle: t.string({ required: false }),
    trackingUrl: t.string({ required: false, description: 'An https address.' }),
  }),
});

export const OrderShipmentUpdateInput = builder.inputType('OrderShipmentUpdateInput', {
  description: 'PATCH /orders/{order}/shipment: each field sent sets, null clears, fields left out keep their value.',
  fields: (t) => ({
    carrierName: t.string({ required: false }),
    trackingNumber: t.string({ required: false }),
    trackingUrl: t.string({ required: false, description: 'An https address.' }),
    zoneName: t.string({ required: false }),
    shippedAt: t.field({ type: 'DateTime', required: false, description: 'The first one marks the order fulfilled and moves it towards OUT_FOR_DELIVERY.' }),
    estimatedDeliveryAt: t.field({ type: 'DateTime', required: false }),
    deliveredAt: t.field({ type: 'DateTime', required: false, description: 'The first one moves the order on to DELIVERED.' }),
  }),
});

const OrderImportChannelInput = builder.inputType('OrderImportChannelInput', {
  description: "The sales channel and its own order reference: together the import's identity.",
  fields: (t) => ({ name: t.string({ required: true }), orderId: t.string({ required: true }) }),
});

const OrderImportCustomerInput = builder.inputType('OrderImportCustomerInput', {
  description: 'Becomes the shipping address recipient; no customer record is made.',
  fields: (t) => ({ name: t.string({ required: true }), phone: t.string({ required: true }) }),
});

const OrderImportItemInput = builder.inputType('OrderImportItemInput', {
  fields: (t) => ({
    product: t.string({ required: true, description: 'The p_id, uuid or slug of a product of this store.' }),
    variant: t.string({ required: false, description: 'The p_id or uuid of a variant of that product.' }),
    title: t.string({ required: false }),
    quantity: t.int({ required: true }),
    unitPrice: t.field({ type: 'Decimal', required: true, description: 'As charged, at most 2 decimals.' }),
  }),
});

const OrderImportAddressInput = builder.inputType('OrderImportAddressInput', {
  fields: (t) => ({ address: t.string({ required: true }), latitude: t.float({ required: true }), longitude: t.float({ required: true }) }),
});

const OrderImportPaymentStatus = builder.enumType('OrderImportPaymentStatus', { values: { PAID: { value: 'paid' }, UNPAID: { value: 'unpaid' } } as const });

const InventoryBehaviour = builder.enumType('OrderImportInventoryBehaviour', {
  description: 'BYPASS (the default) leaves stock alone; DECREMENT takes the units as checkout does, and a cancellation gives them back.',
  values: Object.fromEntries(inventoryBehaviours.map((name) => [name.toUpperCase(), { value: name }])) as Record<
    string,
    { value: (typeof inventoryBehaviours)[number] }
  >,
});

export const OrderImportInput = builder.inputType('OrderImportInput', {
  description: 'POST /orders/import under camelCase names: totals as charged; sum(unitPrice × quantity) + deliveryFee − discount must equal total.',
  fields: (t) => ({
    channel: t.field({ type: OrderImportChannelInput, required: true }),
    customer: t.field({ type: OrderImportCustomerInput, required: true }),
    items: t.field({ type: [OrderImportItemInput], required: true }),
    deliveryFee: t.field({ type: 'Decimal', required: false }),
    discount: t.field({ type: 'Decimal', required: false }),
    total: t.field({ type: 'Decimal', required: true }),
    currency: t.string({ required: false, description: "When sent, the store's currency." }),
    paymentStatus: t.field({ type: OrderImportPaymentStatus, required: false, description: 'PAID by default.' }),
    deliveryMethod: t.field({ type: DeliveryMethod, required: true }),
    shippingAddress: t.field({ type: OrderImportAddressInput, required: false, description: 'Required for DELIVERY and SHIPPING.' }),
    note: t.string({ required: false }),
    placedAt: t.field({ type: 'DateTime', required: true }),
    inventoryBehaviour: t.field({ type: InventoryBehaviour, required: false }),
  }),
});

/** A null in an import is a field left out, as REST's JSON body leaves it out: an import clears nothing. */
const present = <T extends object>(fields: T) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));

type ImportArgs = typeof OrderImportInput.$inferInput;

/** orderImport's input as the domain's import schema reads it: the nested objects keep REST's own names. */
export function importBodyOf(input: ImportArgs): Record<string, unknown> {
  const { channel, items, ...rest } = present(input) as ImportArgs;
  return {
    ...withIsoDates(rest),
    channel: { name: channel.name, order_id: channel.orderId },
    items: items.map(({ unitPrice, ...item }) => ({ ...present(item), unit_price: unitPrice })),
  };
}

/** The maps whose keys are the caller's own (metafield keys, property keys, metadata): a field path is kept as sent after them. */
const freeKeyed = new Set(['metafields', 'metadata', 'properties']);
const camel = (segment: string) => segment.replace(/_([a-z])/g, (_m, letter: string) => letter.toUpperCase());

/** A domain field (`line_items.0.id`, `items.1.unit_price`) as the mutation's input path (`input.lineItems.0.id`). */
export function orderInputField(field: string): string {
  if (field === 'request') return 'input';
  const segments = field.split('.');
  const free = segments.findIndex((segment) => freeKeyed.has(segment));
  const named = free === -1 ? segments : segments.slice(0, free + 1);
  return ['input', ...named.map(camel), ...(free === -1 ? [] : segments.slice(free + 1))].join('.');
}
