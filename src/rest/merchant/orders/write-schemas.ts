import { MOVE_REASON_MAX } from '../../../domain/orders/merchant-move.js';
import { importShape } from '../../../domain/orders/import-fields.js';
import { orderEditShape } from '../../../domain/orders/order-edit-fields.js';
import { orderProcess } from '../../../domain/orders/order-process.js';
import { riderShape, shipmentShape } from '../../../domain/orders/shipment-fields.js';
import { statusMoveShape } from '../../../domain/orders/status-move-fields.js';
import { wireObject } from '../../kit/wire-object.js';

const meanings = Object.entries(orderProcess)
  .flatMap(([from, moves]) => Object.entries(moves).filter(([, move]) => move.by.includes('merchant')).map(([to, move]) => `${from} → ${to}: ${move.does.meaning}`))
  .join(' ');

export const statusMoveBody = wireObject({
  status: statusMoveShape.status.meta({
    description: `The state to move the order to, in the order process's own names. The merchant's moves: ${meanings}`,
  }),
  reason: statusMoveShape.reason.meta({ description: `Why (at most ${MOVE_REASON_MAX} characters): kept as cancel_reason when the move cancels or rejects, and on the store's timeline.` }),
});

/** PATCH /orders/{order}: metafields, metadata and line_items, and nothing else (rule 1). */
export const orderEditBody = wireObject(orderEditShape);

/** POST /orders/import: the names (channel, customer, items[], amounts, delivery) plus inventory_behaviour. */
export const orderImportBody = wireObject(importShape);

/** PATCH /orders/{order}/shipment: each field sent sets, null clears, fields left out keep their value. */
export const shipmentBody = wireObject(shipmentShape);

/** POST /orders/{order}/assign-rider. */
export const riderBody = wireObject(riderShape);
