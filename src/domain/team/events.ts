/** The team directory's events: the staff member's uuid (and role), never their contact. */
export interface TeamEvents {
  'staff_members/create': { id: string; role: string };
  'staff_members/delete': { id: string; role: string };
}
