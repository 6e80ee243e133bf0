import type { StaffMember } from '../../generated/prisma/client.js';
import { staffRoles, type StaffRole } from './roles.js';

/** The directory's order: by role (owner first), then name, then id for a stable tie-break. */
export function teamOrder(members: StaffMember[]): StaffMember[] {
  const rank = (m: StaffMember) => staffRoles.indexOf(m.role as StaffRole);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
}
