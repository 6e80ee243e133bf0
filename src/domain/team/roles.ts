/**
 * The roles of a store's team, most responsible first (the directory's order). They describe who
 * someone is to the store, for apps to show (a help desk routing to `support`); Bazaar grants no
 * access by role: what a caller may do is its API key's scopes.
 * - owner: answers for the store (its account, payouts, legal); usually one person.
 * - admin: runs the store day to day: catalogue, orders, settings.
 * - staff: works in the store: fulfilment, content, stock.
 * - support: answers customers.
 */
export const staffRoles = ['owner', 'admin', 'staff', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffLimits = { name: 120, email: 254, phone: 32, membersPerStore: 200 } as const;
