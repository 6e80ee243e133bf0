/** The apps context's outbox topics and their payloads, merged into the one list in domain/events.ts. */
export interface AppEventTopics {
  /** An app was installed on the store, or installed again while its data was still kept. */
  'app/installed': { installation_id: number; app: string; scopes: string[] };
  /** An installation was uninstalled: its keys are revoked and its data kept for the retention period. */
  'app/uninstalled': { installation_id: number; app: string; uninstalled_at: string; data_retained_until: string };
  'app_setup/update': { installation_id: number; status: string };
  'app_alerts/create': { notification_id: string; installation_id: number; severity: string };
  'app_requirements/update': { installation_id: number; count: number };
  'collected_definitions/create': { id: number; installation_id: number | null; type: string };
  'collected_definitions/update': { id: number; installation_id: number | null; type: string };
  'collected_records/create': { id: number; definition_id: number; installation_id: number | null };
}
