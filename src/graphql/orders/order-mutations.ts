import { z } from 'zod';
import { assignRider, updateShipment } from '../../domain/orders/fulfil-order.js';
import { importShape } from '../../domain/orders/import-fields.js';
import { importOrder, type ImportedOrder } from '../../domain/orders/import-order.js';
import { moveOrderByMerchant } from '../../domain/orders/merchant-move.js';
import { orderEditShape } from '../../domain/orders/order-edit-fields.js';
import { riderShape, shipmentShape } from '../../domain/orders/shipment-fields.js';
import { statusMoveShape } from '../../domain/orders/status-move-fields.js';
import { updateOrder } from '../../domain/orders/update-order.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, merchantScope } from '../builder.js';
import { withIsoDates } from '../discounts/inputs.js';
import { payloadType } from '../shared/payload.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { MerchantOrder } from './merchant-orders.js';
import {
  importBodyOf,
  OrderImportInput,
  OrderRiderAssignInput,
  OrderShipmentUpdateInput,
  OrderStatusMoveInput,
  OrderUpdateInput,
  orderInputField,
} from './order-write-inputs.js';

// The merchant order writes (README, Merchant order writes) as mutations: the same domain schemas
// and functions behind the same scopes as REST; mistakes, another store's order included (not
// found), are userErrors naming the input field.

const orderEdit = z.object(orderEditShape);
const orderImport = z.object(importShape);
const shipmentPatch = z.object(shipmentShape);
const riderAssignment = z.object(riderShape);
const statusMove = z.object(statusMoveShape);

const orderId = { required: true, description: 'The integer id or the uuid of an order of this store.' } as const;

const OrderImportPayload = builder.objectRef<{ result: ImportedOrder | null; userErrors: UserErrorShape[] }>('OrderImportPayload').implement({
  fields: (t) => ({
    order: t.field({ type: MerchantOrder, nullable: true, resolve: (p) => p.result?.order ?? null }),
    created: t.boolean({
      nullable: true,
      description: 'False when the channel had sent this order before: the same order answers again.',
      resolve: (p) => p.result?.created ?? null,
    }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

builder.mutationFields((t) => ({
  orderUpdate: t.field({
    type: payloadType('OrderUpdatePayload', 'order', MerchantOrder),
    ...merchantScope('merchant-orders-update'),
    description: "PATCH /orders/{order}: an order's metafields, metadata and line properties.",
    args: { id: t.arg.string(orderId), input: t.arg({ type: OrderUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => updateOrder(ctx, args.id, parseInput(orderEdit, args.input)), orderInputField),
  }),
  orderImport: t.field({
    type: OrderImportPayload,
    ...merchantScope('merchant-orders-import'),
    description: "POST /orders/import: an order another sales channel already took and charged; a re-send answers the first import's order.",
    args: { input: t.arg({ type: OrderImportInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => importOrder(ctx, parseInput(orderImport, importBodyOf(args.input))), orderInputField),
  }),
  orderStatusMove: t.field({
    type: payloadType('OrderStatusMovePayload', 'order', MerchantOrder),
    ...merchantScope('merchant-orders-status-update'),
    description: 'POST /orders/{order}/status: a move the order process table holds; any other is a conflict naming the moves there are.',
    args: { id: t.arg.string(orderId), input: t.arg({ type: OrderStatusMoveInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => moveOrderByMerchant(ctx, args.id, parseInput(statusMove, args.input)), orderInputField),
  }),
  orderRiderAssign: t.field({
    type: payloadType('OrderRiderAssignPayload', 'order', MerchantOrder),
    ...merchantScope('merchant-orders-status-update'),
    description: "POST /orders/{order}/assign-rider: the rider who brings a delivery order; the shopper's order shows it.",
    args: { id: t.arg.string(orderId), input: t.arg({ type: OrderRiderAssignInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => assignRider(ctx, args.id, parseInput(riderAssignment, args.input)), orderInputField),
  }),
  orderShipmentUpdate: t.field({
    type: payloadType('OrderShipmentUpdatePayload', 'order', MerchantOrder),
    ...merchantScope('merchant-orders-update'),
    description: "PATCH /orders/{order}/shipment: a delivery or shipping order's carrier, tracking and times; shipping and delivering move it on.",
    args: { id: t.arg.string(orderId), input: t.arg({ type: OrderShipmentUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => updateShipment(ctx, args.id, parseInput(shipmentPatch, withIsoDates(args.input))), orderInputField),
  }),
}));
