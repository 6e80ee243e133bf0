import { listRecords, recordListLimits } from '../../domain/apps/collected/list-records.js';
import type { RecordWithType } from '../../domain/apps/collected/submit-record.js';
import { callingInstallation, visibleInstallations } from '../../domain/apps/read-installations.js';
import { builder, merchantScope, privateKeyOnly } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';
import { AppInstallation, CollectedRecord } from './types.js';

builder.objectFields(Merchant, (t) => ({
  appInstallation: t.field({
    type: AppInstallation,
    nullable: true,
    ...privateKeyOnly,
    description: "The installation whose key calls; null for a key the merchant minted.",
    resolve: (_m, _args, { ctx }) => callingInstallation(ctx),
  }),
  appInstallations: t.field({
    type: [AppInstallation],
    ...merchantScope('merchant-business_profile-read'),
    description: "The store's app installations by id, uninstalled ones whose data is still kept included. An app's key sees only its own installation.",
    resolve: (_m, _args, { ctx }) => visibleInstallations(ctx),
  }),
  collectedRecords: t.connection({
    type: CollectedRecord,
    ...merchantScope('merchant-collected-records-submit'),
    description: "The records of a collected definition, newest first. The merchant's keys read every definition's; an app's key only its own definitions' (403 forbidden otherwise).",
    args: { type: t.arg.string({ required: true }) },
    resolve: async (_m, args, { ctx }) => {
      const page = await listRecords(ctx, args.type, windowOf(args, recordListLimits.maxPageSize, recordListLimits.defaultPageSize));
      return connectionOf<RecordWithType>(page);
    },
  }),
}));
