import { z } from 'zod';
import { nullableText } from '../../platform/validation/body-fields.js';
import { MOVE_REASON_MAX } from './merchant-move.js';
import { orderStatuses } from './order-states.js';

/** `POST /orders/{order}/status` (GraphQL `orderStatusMove`): the target state in the order process's own names, and why. */
export const statusMoveShape = {
  status: z.enum(orderStatuses, { error: `must be one of ${orderStatuses.join(', ')}` }),
  reason: nullableText(MOVE_REASON_MAX).optional(),
};
