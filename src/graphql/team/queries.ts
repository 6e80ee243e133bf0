import { teamDirectory, type DirectoryEntry } from '../../domain/team/team-directory.js';
import { builder, merchantScope } from '../builder.js';
import { Merchant } from '../merchant/namespace.js';

const CONTACT = 'merchant-customers-contact-read';

const TeamMember = builder.objectRef<DirectoryEntry>('TeamMember').implement({
  description: `One person of the store's team (GET /team-directory). email and phone are masked (a***@example.com, +1******0161) unless the key carries ${CONTACT}.`,
  fields: (t) => ({
    id: t.field({ type: 'UUID', resolve: (m) => m.id }),
    name: t.exposeString('name'),
    role: t.exposeString('role', { description: 'owner, admin, staff or support: who the person is to the store; grants nothing.' }),
    avatar: t.exposeString('avatarUrl', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    joinedAt: t.field({ type: 'DateTime', resolve: (m) => m.joinedAt }),
  }),
});

builder.objectFields(Merchant, (t) => ({
  teamDirectory: t.field({
    type: [TeamMember],
    ...merchantScope('merchant-team-directory-read'),
    description: 'GET /team-directory: the whole team, owners first, then admin, staff and support, each by name.',
    resolve: (_m, _args, { ctx }) => teamDirectory(ctx),
  }),
}));
