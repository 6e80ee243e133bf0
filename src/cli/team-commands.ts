import { addStaffMember, listStaffMembers, removeStaffMember } from '../domain/team/manage-team.js';
import type { StaffMember } from '../generated/prisma/client.js';
import { describe, type CommandModule } from './command.js';
import { stringFlag } from './parse-command-line.js';

/** A team member as --json prints it: the operator sees contact whole. */
function memberJson(member: StaffMember) {
  return {
    id: member.id,
    name: member.name,
    role: member.role,
    email: member.email,
    phone: member.phone,
    avatar: member.avatarUrl,
    joined_at: member.createdAt.toISOString(),
  };
}

export const teamAdd: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const member = await addStaffMember(await io.operator(), {
      store,
      name: stringFlag(flags, 'name')!,
      email: stringFlag(flags, 'email')!,
      role: stringFlag(flags, 'role')!,
      phone: stringFlag(flags, 'phone'),
    });
    return {
      json: { store, member: memberJson(member) },
      text: describe(`Added ${member.name} to the team of store ${store}`, [
        ['id', member.id],
        ['role', member.role],
        ['email', member.email],
        ['phone', member.phone],
      ]),
    };
  },
};

export const teamList: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const members = await listStaffMembers(await io.operator(), store);
    return {
      json: { store, members: members.map(memberJson) },
      text: members.length
        ? [`Team of store ${store}, owners first`, ...members.map((m) => `  ${m.id}  ${m.role.padEnd(7)}  ${m.name} <${m.email}>`)].join('\n')
        : `Store ${store} has no team members.`,
    };
  },
};

export const teamRemove: CommandModule = {
  async run(io, flags) {
    const store = stringFlag(flags, 'store')!;
    const member = await removeStaffMember(await io.operator(), { store, id: stringFlag(flags, 'id')! });
    return {
      json: { store, removed: memberJson(member) },
      text: `Removed ${member.name} (${member.role}) from the team of store ${store}.`,
    };
  },
};
