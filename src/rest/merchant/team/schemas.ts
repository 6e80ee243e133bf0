import { z } from 'zod';
import { staffRoles } from '../../../domain/team/roles.js';
import { uuid } from '../../kit/common-schemas.js';
import { listAnswer } from '../../kit/envelope.js';

export const teamMember = z
  .strictObject({
    id: uuid,
    name: z.string(),
    role: z.enum(staffRoles).meta({ description: 'owner, admin, staff or support: who the person is to the store (README "Team directory"); grants nothing.' }),
    avatar: z.string().nullable().meta({ description: 'The address of their picture; null for none.' }),
    email: z.string().meta({ description: 'Masked (a***@example.com) without merchant-customers-contact-read.' }),
    phone: z.string().nullable().meta({ description: 'Masked (+1******0161) without merchant-customers-contact-read; null when not given.' }),
    joined_at: z.string(),
  })
  .meta({ id: 'TeamMember', description: 'One person of the store team.' });

export const teamDirectoryAnswer = listAnswer(teamMember);
