import { z } from 'zod';
import { requiredText } from '../../../platform/validation/body-fields.js';

// The body of POST /app/alerts. An alert goes to the store's merchant and nowhere else, so it takes
// no target (a `target`, `url`, `recipient`… is refused by name like any field it does not know).

export const alertSeverities = ['info', 'warning', 'error'] as const;

export const alertLimits = {
  title: 120,
  message: 1000,
  dedupeKey: 128,
  /** Alerts an installation may raise in one rolling hour; deduplicated repeats do not count. */
  perHour: 60,
  /** How long an alert's dedupe_key collapses repeats of it. */
  dedupeTtlSeconds: 3600,
} as const;

/** Plain text: no markup tags and no control characters but line breaks and tabs. */
const plainText = (max: number) =>
  requiredText(max)
    .refine((v) => !/<\/?[a-z!][^>]*>/i.test(v), { error: 'must be plain text, without HTML tags' })
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), { error: 'must be plain text, without control characters' });

export const alertShape = {
  severity: z.enum(alertSeverities, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${alertSeverities.join(', ')}`) }),
  title: plainText(alertLimits.title),
  message: plainText(alertLimits.message),
  dedupeKey: z
    .string({ error: 'must be text' })
    .regex(new RegExp(`^[A-Za-z0-9_.:-]{1,${alertLimits.dedupeKey}}$`), { error: `must be 1-${alertLimits.dedupeKey} characters of A-Z, a-z, 0-9, "_", ".", ":" or "-"` })
    .optional(),
};

export interface AlertInput {
  severity: (typeof alertSeverities)[number];
  title: string;
  message: string;
  dedupeKey?: string;
}
