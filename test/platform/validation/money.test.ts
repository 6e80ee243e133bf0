import { describe, expect, it } from 'vitest';
import { Prisma } from '../../../src/generated/prisma/client.js';
import { moneyInput, parseAmount } from '../../../src/platform/validation/money.js';

describe('parseAmount', () => {
  it.each([
    ['19.99', '19.99'],
    [19.99, '19.99'],
    ['5', '5.00'],
    [0, '0.00'],
    ['0.1', '0.10'],
    ['9999999999.99', '9999999999.99'],
  ])('reads %j as the Decimal %s', (input, expected) => {
    const parsed = parseAmount(input);
    expect(parsed.ok && parsed.amount instanceof Prisma.Decimal && parsed.amount.toFixed(2)).toBe(expected);
  });

  it.each([
    ['-1', 'must not be negative'],
    [-0.5, 'must not be negative'],
    ['1.234', 'must have at most 2 decimal places'],
    [0.1 + 0.2, 'must have at most 2 decimal places'],
    ['', 'must be an amount such as 19.99, as a number or a decimal string'],
    ['1,50', 'must be an amount such as 19.99, as a number or a decimal string'],
    ['Infinity', 'must be an amount such as 19.99, as a number or a decimal string'],
    [1e21, 'must be an amount such as 19.99, as a number or a decimal string'],
    ['10000000000', 'must be at most 9999999999.99'],
  ])('refuses %j: %s', (input, message) => {
    expect(parseAmount(input)).toEqual({ ok: false, message });
  });
});

describe('moneyInput', () => {
  it('says a missing amount is required', () => {
    const result = moneyInput.safeParse(undefined);
    expect(result.success ? null : result.error.issues[0]!.message).toBe('is required');
  });
});
