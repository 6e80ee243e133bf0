/** The collections' events: the collection's uuid. */
export interface CollectionEvents {
  'collections/create': { id: string };
  'collections/update': { id: string };
}
