import type { AppSetupSheet, CollectedDefinition } from '../../../generated/prisma/client.js';
import type { Ctx } from '../../../domain/context.js';
import type { RaisedAlert } from '../../../domain/apps/alerts/raise-alert.js';
import { fieldsOf } from '../../../domain/apps/collected/definitions.js';
import type { RecordWithType } from '../../../domain/apps/collected/submit-record.js';
import type { Requirement } from '../../../domain/apps/requirements/replace-requirements.js';
import { shownItem, type StoredSetupItem } from '../../../domain/apps/setup/setup-items.js';
import { isoTimestamp } from '../../kit/format.js';

/** The App setup sheet of the spec; sensitive values masked (the app already holds them). */
export function presentSetupSheet(ctx: Pick<Ctx, 'secret'>, sheet: AppSetupSheet) {
  const items = (sheet.items as unknown as StoredSetupItem[]).map((item) => shownItem(ctx.secret, sheet.storeId, sheet.installationId, item, false));
  return { status: sheet.status, items, updated_at: isoTimestamp(sheet.updatedAt) };
}

export function presentAlert(alert: RaisedAlert) {
  return { type: 'app_alert', severity: alert.severity, deduped: alert.deduped, notification_id: alert.notificationId };
}

export function presentRequirement(requirement: Requirement) {
  return { product_product_p_id: requirement.productPId, prefix: requirement.prefix };
}

/** The Collected definition object of the spec. */
export function presentDefinition(d: CollectedDefinition) {
  return {
    p_id: d.pId,
    type: d.type,
    name: d.name,
    description: d.description,
    display_field: d.displayField,
    storefront_visible: d.storefrontVisible,
    has_pages: d.hasPages,
    data_class: 'collected',
    entry_cap_override: d.entryCapOverride,
    retention_days: d.retentionDays,
    fields: fieldsOf(d),
    created_at: isoTimestamp(d.createdAt),
    updated_at: isoTimestamp(d.updatedAt),
  };
}

export function presentRecord(r: RecordWithType) {
  return {
    id: r.pId,
    uid: r.id,
    type: r.definition.type,
    definition_p_id: r.definition.pId,
    fields: r.values as Record<string, unknown>,
    created_at: isoTimestamp(r.createdAt),
    expires_at: isoTimestamp(r.expiresAt),
  };
}
