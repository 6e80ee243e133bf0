import { describe, expect, it } from 'vitest';
import { allowedMoves, assertMove, initialStatus, isPayable, orderProcess } from '../../../src/domain/orders/order-process.js';
import { orderStatuses, storefrontFilters } from '../../../src/domain/orders/order-states.js';
import { ApiError } from '../../../src/platform/errors/api-error.js';

const cashPickup = { paymentMethod: 'cash', deliveryMethod: 'pickup' };
const onlineDelivery = { paymentMethod: 'online', deliveryMethod: 'delivery' };

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the move was allowed');
}

describe('the order process table', () => {
  it('has a row for every state, and every move ends in a state', () => {
    expect(Object.keys(orderProcess).sort()).toEqual(['new', ...orderStatuses].sort());
    const targets = Object.values(orderProcess).flatMap((moves) => Object.keys(moves));
    expect(targets.filter((to) => !(orderStatuses as readonly string[]).includes(to))).toEqual([]);
  });

  it('starts a cash order placed and an online one pending_payment (checkout moves only)', () => {
    expect(initialStatus(cashPickup)).toBe('placed');
    expect(initialStatus(onlineDelivery)).toBe('pending_payment');
    expect(allowedMoves({ ...cashPickup, status: 'new' }, 'merchant')).toEqual([]);
  });

  it('lets a payment move only an online order waiting for it, to processing', () => {
    expect(allowedMoves({ ...onlineDelivery, status: 'pending_payment' }, 'payment')).toEqual(['processing']);
    expect(allowedMoves({ ...cashPickup, status: 'placed' }, 'payment')).toEqual([]);
    expect(assertMove({ ...onlineDelivery, status: 'pending_payment' }, 'processing', 'payment').does).toMatchObject({
      paymentStatus: 'paid',
      stamps: ['paidAt'],
      topic: 'orders/paid',
    });
  });

  it('gives the store the README moves: confirm, prepare, hand over, close, cancel and reject', () => {
    const merchant = (status: string, terms = onlineDelivery) => allowedMoves({ ...terms, status }, 'merchant');
    expect(merchant('placed', cashPickup)).toEqual(['processing', 'cancelled', 'rejected']);
    expect(merchant('pending_payment')).toEqual(['cancelled']);
    expect(merchant('processing')).toEqual(['ready', 'cancelled', 'rejected']);
    expect(merchant('ready')).toEqual(['out_for_delivery', 'cancelled']);
    expect(merchant('ready', cashPickup)).toEqual(['completed', 'cancelled']);
    expect(merchant('out_for_delivery')).toEqual(['delivered']);
    expect(merchant('delivered')).toEqual(['completed']);
    for (const ended of ['completed', 'cancelled', 'rejected']) expect(merchant(ended)).toEqual([]);
  });

  it('lets the shopper cancel only before the store has the order', () => {
    expect(allowedMoves({ ...cashPickup, status: 'placed' }, 'customer')).toEqual(['cancelled']);
    expect(allowedMoves({ ...onlineDelivery, status: 'pending_payment' }, 'customer')).toEqual(['cancelled']);
    expect(allowedMoves({ ...onlineDelivery, status: 'processing' }, 'customer')).toEqual([]);
  });

  it('refuses a move the table does not hold with 409 conflict, naming the moves there are', () => {
    const backwards = refusal(() => assertMove({ ...onlineDelivery, status: 'delivered' }, 'processing', 'merchant'));
    expect(backwards.code).toBe('conflict');
    expect(backwards.message).toBe('An order that is delivered cannot be moved to processing by the merchant: it may move to completed.');
    const wrongActor = refusal(() => assertMove({ ...cashPickup, status: 'placed' }, 'processing', 'customer'));
    expect(wrongActor.message).toBe('An order that is placed cannot be moved to processing by the customer: it may move to cancelled.');
    const pickupOut = refusal(() => assertMove({ ...cashPickup, status: 'ready' }, 'out_for_delivery', 'merchant'));
    expect(pickupOut.message).toBe('An order that is ready cannot be moved to out for delivery by the merchant: it may move to completed, cancelled.');
    const unknown = refusal(() => assertMove({ ...cashPickup, status: 'archived' }, 'completed', 'merchant'));
    expect(unknown.message).toBe('An order that is archived cannot be moved to completed by the merchant: the merchant cannot move it at all.');
  });

  it('makes only an unpaid online order waiting for its payment payable (storefront spec rule 1)', () => {
    expect(isPayable({ ...onlineDelivery, status: 'pending_payment', paymentStatus: 'pending' })).toBe(true);
    expect(isPayable({ ...onlineDelivery, status: 'pending_payment', paymentStatus: 'failed' })).toBe(true);
    expect(isPayable({ ...onlineDelivery, status: 'pending_payment', paymentStatus: 'paid' })).toBe(false);
    expect(isPayable({ ...onlineDelivery, status: 'cancelled', paymentStatus: 'pending' })).toBe(false);
    expect(isPayable({ ...cashPickup, status: 'placed', paymentStatus: 'pending' })).toBe(false);
  });

  it('gives the storefront filters the README states', () => {
    expect(storefrontFilters).toEqual({
      all: null,
      ongoing: ['placed', 'pending_payment', 'processing', 'ready', 'out_for_delivery'],
      pending: ['placed', 'pending_payment'],
      delivered: ['delivered'],
      completed: ['completed'],
    });
  });
});
