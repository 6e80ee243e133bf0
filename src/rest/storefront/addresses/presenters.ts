import type { SavedAddress } from '../../../generated/prisma/client.js';

/** The spec's saved address; the region fields are what the point was placed in, null outside every known region. */
export function presentSavedAddress(address: SavedAddress) {
  return {
    id: address.id,
    label: address.label,
    address: address.address,
    lat: Number(address.lat),
    lng: Number(address.lng),
    country_code: address.countryCode,
    state: address.state,
    city: address.city,
    area: address.area,
    state_id: address.stateId,
    area_id: address.areaId,
    is_default: address.isDefault,
  };
}
