/** The custom-data context's outbox topics and their payloads; the outbox's one list extends this. */
export interface CustomDataEventTopics {
  'metafield_definitions/create': { id: string; owner_type: string; namespace: string; key: string };
  'metafield_definitions/update': { id: string; owner_type: string; namespace: string; key: string };
  'metaobject_definitions/create': { id: string; type: string };
  'metaobject_definitions/update': { id: string; type: string };
  'metaobjects/create': { id: string; type: string; handle: string };
  'metaobjects/update': { id: string; type: string; handle: string };
}
