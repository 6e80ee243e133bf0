import { z } from 'zod';
import { alertLimits, alertSeverities, alertShape } from '../../../domain/apps/alerts/alert-fields.js';
import { definitionCreateShape, definitionLimits, definitionPatchShape } from '../../../domain/apps/collected/definition-fields.js';
import { definitionListLimits } from '../../../domain/apps/collected/definitions.js';
import { fieldTypes, validationNames } from '../../../domain/apps/collected/field-types.js';
import { recordShape } from '../../../domain/apps/collected/record-fields.js';
import { requirementLimits, requirementsShape } from '../../../domain/apps/requirements/requirement-fields.js';
import { setupLimits, setupShape } from '../../../domain/apps/setup/setup-fields.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { cursorParam, integerParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { wireObject } from '../../kit/wire-object.js';

const installationOnly = "Called with an app installation's key (the installation comes from the key); a key the merchant minted answers 403 forbidden.";

export const setupBody = wireObject(setupShape).meta({
  description: [
    'The whole setup sheet, replacing the one before (send every item every time).',
    `status: 1-${setupLimits.status} characters. items: at most ${setupLimits.items}, keys unique (1-${setupLimits.key} of a-z, 0-9, "_", ".", "-");`,
    `label 1-${setupLimits.label}, value up to ${setupLimits.value} characters or null, instructions up to ${setupLimits.instructions} or null.`,
    'A URL-like value (scheme:// or www.) must be an https URL. A sensitive value is encrypted at rest and answered masked.',
    installationOnly,
  ].join(' '),
});

const setupItemAnswer = z.strictObject({
  key: z.string(),
  label: z.string(),
  value: z.string().nullable().meta({ description: 'A sensitive value is answered masked: "••••" and, for a value of 16 characters or more, its last four.' }),
  sensitive: z.boolean(),
  copyable: z.boolean(),
  instructions: z.string().nullable(),
});

export const appSetupSheet = z
  .strictObject({ status: z.string(), items: z.array(setupItemAnswer), updated_at: isoTimestamp })
  .meta({ id: 'AppSetupSheet', description: "The installation's setup sheet, as the merchant's admin shows it." });

export const setupAnswer = singleAnswer(z.strictObject({ setup: appSetupSheet }));

export const alertBody = wireObject(alertShape).meta({
  description: [
    `severity: ${alertSeverities.join(', ')}. title: 1-${alertLimits.title} characters, message: 1-${alertLimits.message}, both plain text (no HTML tags, no control characters).`,
    `dedupe_key (optional, 1-${alertLimits.dedupeKey} of A-Za-z0-9_.:-): a repeat from the same installation within ${alertLimits.dedupeTtlSeconds / 60} minutes answers the first alert with deduped true.`,
    'An alert goes to the merchant only: a target field (target, url, recipient…) is refused by name.',
    `At most ${alertLimits.perHour} alerts per installation in a rolling hour (repeats that dedupe do not count): past it, 429 too_many_requests with Retry-After.`,
    installationOnly,
  ].join(' '),
});

export const alertAnswer = singleAnswer(
  z.strictObject({
    type: z.literal('app_alert'),
    severity: z.enum(alertSeverities),
    deduped: z.boolean(),
    notification_id: uuid.meta({ description: 'The alert; a deduplicated repeat answers the first alert of its dedupe_key.' }),
  }),
);

export const requirementsBody = wireObject(requirementsShape).meta({
  description: [
    `The whole list (at most ${requirementLimits.items}), replacing the one before. Each product_product_p_id is a product of this store;`,
    "each prefix lies under the app's own namespace app.{slug}. Checkout then sells the product only once it has a filled metafield under each of its prefixes (422 product_not_ready otherwise).",
    installationOnly,
  ].join(' '),
});

const requirement = z.strictObject({ product_product_p_id: z.int(), prefix: z.string() });
export const requirementsAnswer = singleAnswer(z.strictObject({ requirements: z.array(requirement) }));

export const definitionListQuery = z
  .looseObject({
    limit: integerParam(1, definitionListLimits.maxPageSize).meta({ description: `Page size, default ${definitionListLimits.defaultPageSize}.` }),
    starting_after: cursorParam,
  })
  .transform((q): KeysetWindow => ({ size: q.limit ?? definitionListLimits.defaultPageSize, after: q.starting_after }));

export const definitionParams = z.object({ definition: z.string().meta({ description: 'The p_id of a collected definition of this installation.' }) });

const definitionRules = [
  'type: 1-120 of a-z, 0-9, "_", "-", starting with the installation\'s own app_{slug}_{installation}_ prefix (403 forbidden otherwise).',
  `fields: 1-${definitionLimits.fields} of {key, name, type (${fieldTypes.join(', ')}), required, validations[] of {name (${validationNames.join(', ')}), value}}.`,
  'min_length/max_length fit text types, min/max integer, decimal and date, choices single_line_text.',
  `display_field names a field key. retention_days (1-${definitionLimits.maxRetentionDays} or null: kept) expires records that long after they are submitted;`,
  `entry_cap_override (1-${definitionLimits.maxEntryCap} or null) replaces the cap of ${definitionLimits.defaultEntryCap} records. data_class and the owner are never sent.`,
].join(' ');

export const definitionCreateBody = wireObject(definitionCreateShape).meta({ description: `${definitionRules} ${installationOnly}` });
export const definitionPatchBody = wireObject(definitionPatchShape).meta({
  description: `The fields sent change; the others keep their values (fields[] is replaced whole). type is immutable: a different one is a 422. ${definitionRules}`,
});

const fieldAnswer = z.strictObject({
  key: z.string(),
  name: z.string(),
  type: z.enum(fieldTypes),
  required: z.boolean(),
  validations: z.array(z.strictObject({ name: z.enum(validationNames), value: z.union([z.number(), z.string(), z.array(z.string())]) })),
});

export const collectedDefinition = z
  .strictObject({
    p_id: z.int(),
    type: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    display_field: z.string().nullable(),
    storefront_visible: z.boolean(),
    has_pages: z.boolean(),
    data_class: z.literal('collected'),
    entry_cap_override: z.int().nullable(),
    retention_days: z.int().nullable(),
    fields: z.array(fieldAnswer),
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'CollectedDefinition', description: 'A typed form an app installation collects records with.' });

export const definitionAnswer = singleAnswer(collectedDefinition);
export const definitionListAnswer = listAnswer(collectedDefinition);

export const recordBody = wireObject(recordShape).meta({
  description: [
    "type: a collected definition of this installation; fields: its field keys to values. Each value is checked against its field's type, required and validations",
    '(a failure names fields.<key>; a key the definition lacks is refused). integer: a JSON whole number; decimal: a number or decimal text; boolean: true/false;',
    'date: YYYY-MM-DD; email; phone in international form (+15551234567); url: https. Past the entry cap: 422 limit_reached.',
    installationOnly,
  ].join(' '),
});

export const collectedRecord = z
  .strictObject({
    id: z.int(),
    uid: uuid,
    type: z.string(),
    definition_p_id: z.int(),
    fields: z.record(z.string(), z.unknown()),
    created_at: isoTimestamp,
    expires_at: isoTimestamp.nullable().meta({ description: "When the purge job deletes it (the definition's retention_days); null: kept." }),
  })
  .meta({ id: 'CollectedRecord', description: 'One record of a collected definition.' });

export const recordAnswer = singleAnswer(collectedRecord);
