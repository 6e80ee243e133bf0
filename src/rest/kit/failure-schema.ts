import { z } from 'zod';
import { errorCodes, type ErrorCode } from '../../platform/errors/error-codes.js';

/** VENDOR_ACCESS_DENIED keeps the spec's older body (below), so the envelope never carries it. */
const codes = (Object.keys(errorCodes) as ErrorCode[]).filter((code) => code !== 'VENDOR_ACCESS_DENIED') as [ErrorCode, ...ErrorCode[]];
const fieldErrors = z.record(z.string(), z.array(z.string())).meta({ description: 'Each offending field and its messages (validation only).' });

/** The one failure envelope of both REST surfaces (the merchant spec's Errors table). */
export const failureSchema = z
  .object({
    status: z.literal('failed'),
    error_code: z.enum(codes).meta({ description: 'Mirrors error.code.' }),
    message: z.string().meta({ description: 'Human text; on a validation failure, the first failing rule.' }),
    data: z.null(),
    error: z.object({
      code: z.enum(codes).meta({ description: 'Stable code; branch on this.' }),
      message: z.string(),
      doc_url: z.string().meta({ description: "Link to the code's row on /docs/errors." }),
      request_id: z.string().meta({ description: 'The X-Request-Id of the call.' }),
      field: z.string().optional().meta({ description: 'First offending field (validation only).' }),
      errors: fieldErrors.optional(),
    }),
    error_type: z.literal('validation_error').optional(),
    errors: fieldErrors.optional(),
  })
  .meta({ id: 'Failure' });

/** Merchant spec, Authentication 5: a store header naming another store answers 403 in this older body. */
export const vendorAccessDeniedSchema = z
  .strictObject({
    error: z.literal('VENDOR_ACCESS_DENIED'),
    message: z.string().meta({ description: 'Human text: drop the X-Store-Id header, the key names its store.' }),
  })
  .meta({ id: 'VendorAccessDenied' });
