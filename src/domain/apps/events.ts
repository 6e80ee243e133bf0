/** The apps context's outbox topics and their payloads; the outbox's one list extends this. */
export interface AppEventTopics {
  /** An app was installed on the store, or installed again while its data was still kept. */
  'app/installed': { installation_id: number; app: string; scopes: string[] };
  /** An installation was uninstalled: its keys are revoked and its data kept for the retention period. */
  'app/uninstalled': { installation_id: number; app: string; uninstalled_at: string; data_retained_until: string };
}
