import { scope } from '../../../auth/requirements.js';
import { teamDirectory, type DirectoryEntry } from '../../../domain/team/team-directory.js';
import { list, wholeList } from '../../kit/envelope.js';
import { isoTimestamp } from '../../kit/format.js';
import { defineRoute } from '../../kit/route.js';
import { teamDirectoryAnswer } from './schemas.js';

function presentMember(m: DirectoryEntry) {
  return { id: m.id, name: m.name, role: m.role, avatar: m.avatarUrl, email: m.email, phone: m.phone, joined_at: isoTimestamp(m.joinedAt) };
}

export const teamRoutes = [
  defineRoute({
    method: 'GET',
    url: '/team-directory',
    operationId: 'getTeamDirectory',
    tag: 'Team',
    summary: "The store's team: name, role and avatar; contact masked without merchant-customers-contact-read",
    description:
      'The whole team in one page (at most 200), owners first, then admin, staff and support, each by name. Operators manage it with the CLI (team add, team list, team remove).',
    auth: scope('merchant-team-directory-read'),
    answer: teamDirectoryAnswer,
    handle: async (ctx) => ({ body: list('Team directory', (await teamDirectory(ctx)).map(presentMember), wholeList) }),
  }),
];
