import { ApiError } from '../../platform/errors/api-error.js';
import { uuidPattern } from '../../platform/validation/text-rules.js';

/**
 * The types a client refetches with `node(id:)`. A global id is the standard base64 of
 * `<Type>:<uuid>` (graphql-relay's toGlobalId): opaque to clients, unique across types, and the
 * same row seen by two types (a product as `Product` and as `MerchantProduct`) has two ids.
 */
export const nodeTypeNames = [
  'Product',
  'MerchantProduct',
  'Variant',
  'Category',
  'Collection',
  'MerchantCollection',
  'Order',
  'MerchantOrder',
  'MerchantCustomer',
  'Discount',
  'Promotion',
  'Coupon',
  'MediaFile',
  'ShippingZone',
] as const;
export type NodeTypeName = (typeof nodeTypeNames)[number];

const nodeTypes = new Set<string>(nodeTypeNames);
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function encodeGlobalId(typename: string, key: string | number | bigint): string {
  return Buffer.from(`${typename}:${key}`, 'utf8').toString('base64');
}

/** The type and key a global id names, or null when the text is not one of ours (a uuid, a slug, an integer id). */
export function parseGlobalId(text: string): { typename: NodeTypeName; id: string } | null {
  if (text.length > 200 || !base64.test(text)) return null;
  const decoded = Buffer.from(text, 'base64').toString('utf8');
  if (Buffer.from(decoded, 'utf8').toString('base64') !== text) return null;
  const colon = decoded.indexOf(':');
  const typename = decoded.slice(0, colon);
  const id = decoded.slice(colon + 1);
  if (colon < 1 || !nodeTypes.has(typename) || !uuidPattern.test(id)) return null;
  return { typename: typename as NodeTypeName, id: id.toLowerCase() };
}

/** The relay plugin's decoder for `node(id:)` and `nodes(ids:)`: anything but a global id of a node type is a validation failure. */
export function decodeGlobalId(text: string): { typename: string; id: string } {
  const parsed = parseGlobalId(text);
  if (!parsed) throw ApiError.invalidField('id', 'must be a global id that a node of this API answered');
  return parsed;
}
