import type { SignedIn } from '../../domain/customers/accounts/signed-in.js';
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_SECONDS } from '../../domain/customers/sessions/issue-session.js';
import { builder } from '../builder.js';
import { CustomerAccount } from './account-type.js';

/** The REST customer session in GraphQL's vocabulary: send `accessToken` as `Authorization: Bearer`. */
export const CustomerSession = builder.objectRef<SignedIn>('CustomerSession').implement({
  fields: (t) => ({
    accessToken: t.string({ resolve: (s) => s.session.accessToken }),
    refreshToken: t.string({ description: 'Exchange it with refreshSession; it works once.', resolve: (s) => s.session.refreshToken }),
    tokenType: t.string({ resolve: () => 'Bearer' }),
    expiresIn: t.int({ resolve: () => ACCESS_TOKEN_SECONDS }),
    expiresAt: t.field({ type: 'DateTime', resolve: (s) => s.session.accessExpiresAt }),
    refreshExpiresIn: t.int({ resolve: () => REFRESH_TOKEN_SECONDS }),
    refreshExpiresAt: t.field({ type: 'DateTime', resolve: (s) => s.session.refreshExpiresAt }),
    platform: t.string({ resolve: (s) => s.session.platform }),
    isNewUser: t.boolean({ nullable: true, description: 'Set on registration.', resolve: (s) => s.isNewUser ?? null }),
    account: t.field({ type: CustomerAccount, resolve: (s) => ({ account: s.account, defaultAddress: s.defaultAddress }) }),
  }),
});
