import type { Prisma } from '../../generated/prisma/client.js';
import { builder } from '../builder.js';

export interface MoneyValue {
  amount: Prisma.Decimal;
  currencyCode: string;
}

export const Money = builder.objectRef<MoneyValue>('Money').implement({
  description: 'An amount of money in the store currency.',
  fields: (t) => ({
    amount: t.field({ type: 'Decimal', resolve: (m) => m.amount.toFixed(2) }),
    currencyCode: t.exposeString('currencyCode', { description: 'ISO 4217 code.' }),
  }),
});

export const PriceRange = builder.objectRef<{ min: MoneyValue; max: MoneyValue }>('PriceRange').implement({
  fields: (t) => ({
    min: t.field({ type: Money, resolve: (r) => r.min }),
    max: t.field({ type: Money, resolve: (r) => r.max }),
  }),
});
