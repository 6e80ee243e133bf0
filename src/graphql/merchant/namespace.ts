import { builder, privateKeyOnly } from '../builder.js';

/** The merchant namespace: reads of the Merchant API, each field added by its bounded context with the scope it needs. */
export const Merchant = builder.objectRef<Record<string, never>>('Merchant');
Merchant.implement({ description: 'Reads of the Merchant API; each field names the scope it needs.' });

builder.queryField('merchant', (t) => t.field({ type: Merchant, ...privateKeyOnly, resolve: () => ({}) }));
