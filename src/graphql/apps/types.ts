import type { AppAlert as AppAlertRow, AppSetupSheet as AppSetupSheetRow } from '../../generated/prisma/client.js';
import type { InstallationWithApp } from '../../domain/apps/manage-apps.js';
import { alertReadLimits, alertsOf, setupSheetOf } from '../../domain/apps/read-installations.js';
import { dataRetainedUntil } from '../../domain/apps/retention.js';
import type { RecordWithType } from '../../domain/apps/collected/submit-record.js';
import { shownItem, type StoredSetupItem } from '../../domain/apps/setup/setup-items.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';

// The GraphQL face of installations, their setup sheets and alerts, and collected records.

interface ShownItem {
  key: string;
  label: string;
  value: string | null;
  sensitive: boolean;
  copyable: boolean;
  instructions: string | null;
}

const AppSetupItem = builder.objectRef<ShownItem>('AppSetupItem').implement({
  description: 'One line of a setup sheet (REST PUT /app/setup items[]).',
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    value: t.exposeString('value', {
      nullable: true,
      description: "A sensitive value reads in clear for the merchant's own keys, and masked (••••, with its last four characters when it has 16 or more) for an app's key.",
    }),
    sensitive: t.exposeBoolean('sensitive'),
    copyable: t.exposeBoolean('copyable'),
    instructions: t.exposeString('instructions', { nullable: true }),
  }),
});

export const AppSetupSheet = builder.objectRef<AppSetupSheetRow>('AppSetupSheet').implement({
  description: "An installation's setup sheet, as the app last replaced it.",
  fields: (t) => ({
    status: t.exposeString('status'),
    items: t.field({
      type: [AppSetupItem],
      resolve: (sheet, _args, { ctx }) => {
        const reveal = ctx.principal.installation === null;
        return (sheet.items as unknown as StoredSetupItem[]).map((item) => shownItem(ctx.secret, sheet.storeId, sheet.installationId, item, reveal));
      },
    }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const AppAlertSeverity = builder.enumType('AppAlertSeverity', { values: { INFO: { value: 'info' }, WARNING: { value: 'warning' }, ERROR: { value: 'error' } } as const });

const AppAlert = builder.objectRef<AppAlertRow>('AppAlert').implement({
  description: 'An alert an installation raised for the merchant (REST POST /app/alerts).',
  fields: (t) => ({
    notificationId: t.field({ type: 'UUID', resolve: (a) => a.id }),
    severity: t.field({ type: AppAlertSeverity, resolve: (a) => a.severity as 'info' | 'warning' | 'error' }),
    title: t.exposeString('title'),
    message: t.exposeString('message'),
    dedupeKey: t.exposeString('dedupeKey', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const AppInstallation = builder.objectRef<InstallationWithApp>('AppInstallation').implement({
  description: 'An app installed on the store: the scopes the merchant granted and what the app set up.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The installation's integer id (the {installation} of collected definition types)." }),
    appSlug: t.string({ resolve: (i) => i.app.slug }),
    appName: t.string({ resolve: (i) => i.app.name }),
    namespace: t.string({ description: 'The metafield namespace the app owns: app.{slug}.', resolve: (i) => `app.${i.app.slug}.` }),
    scopes: t.exposeStringList('scopes'),
    installedAt: t.expose('createdAt', { type: 'DateTime' }),
    uninstalledAt: t.expose('uninstalledAt', { type: 'DateTime', nullable: true }),
    dataRetainedUntil: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'For an uninstalled installation: when its data is purged (30 days after the uninstall).',
      resolve: (i) => (i.uninstalledAt ? dataRetainedUntil(i.uninstalledAt) : null),
    }),
    setupSheet: t.field({
      type: AppSetupSheet,
      nullable: true,
      ...merchantScope('merchant-app_setup-update'),
      resolve: (i, _args, { ctx }) => setupSheetOf(ctx, i.id),
    }),
    alerts: t.field({
      type: [AppAlert],
      ...merchantScope('merchant-app_alerts-create'),
      description: `The newest alerts first; first is 1-${alertReadLimits.max} (default ${alertReadLimits.fallback}).`,
      args: { first: t.arg.int({ required: false }) },
      resolve: (i, args, { ctx }) => {
        const first = args.first ?? alertReadLimits.fallback;
        if (first < 1 || first > alertReadLimits.max) throw ApiError.invalidField('first', `must be between 1 and ${alertReadLimits.max}`);
        return alertsOf(ctx, i.id, first);
      },
    }),
  }),
});

export const CollectedRecord = builder.objectRef<RecordWithType>('CollectedRecord').implement({
  description: 'One record of a collected definition (REST POST /records).',
  fields: (t) => ({
    id: t.int({ resolve: (r) => r.pId }),
    uid: t.field({ type: 'UUID', resolve: (r) => r.id }),
    type: t.string({ resolve: (r) => r.definition.type }),
    fields: t.field({ type: 'JSONObject', resolve: (r) => r.values as Record<string, unknown> }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', nullable: true }),
  }),
});
