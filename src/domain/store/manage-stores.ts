import { z } from 'zod';
import type { Store } from '../../generated/prisma/client.js';
import { ApiError } from '../../platform/errors/api-error.js';
import type { Db } from '../../platform/database/database.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { localeNames } from './locale-names.js';

/** Operator actions (CLI, seed) run outside any request: no principal, no store in context. */
export interface OperatorCtx {
  db: Db;
  now: Date;
}

const createInput = z.object({
  name: z.string().trim().min(1, { error: 'is required' }).max(120),
  slug: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, { error: 'must be lower-case letters, digits and dashes (1-64)' }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be an ISO 4217 code such as USD' })
    .default('USD'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166 alpha-2 code such as US' })
    .default('US'),
  locales: z
    .array(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { error: 'must be locale codes such as en or pt-BR' }))
    .min(1)
    .default(['en']),
  dev: z.boolean().default(false),
  plan: z.enum(['active', 'inactive'], { error: 'must be active or inactive' }).default('active'),
  profile: z.record(z.string(), z.unknown()).optional(),
});

export type CreateStoreInput = z.input<typeof createInput>;

export async function createStore(ctx: OperatorCtx, raw: CreateStoreInput): Promise<Store> {
  const input = parseInput(createInput, raw);
  if (await ctx.db.store.findUnique({ where: { slug: input.slug } })) {
    throw new ApiError('conflict', `A store with slug "${input.slug}" already exists.`);
  }
  const codes = [...new Set(input.locales)];
  return ctx.db.store.create({
    data: {
      ...(input.profile ?? {}),
      name: input.name,
      slug: input.slug,
      currency: input.currency,
      countryCode: input.country,
      mode: input.dev ? 'dev' : 'live',
      plan: input.plan,
      locales: {
        create: codes.map((code, position) => ({ code, position, isPrimary: position === 0, published: true, ...localeNames(code) })),
      },
    },
  });
}

const updateInput = z.object({
  store: z.string().min(1),
  plan: z.enum(['active', 'inactive'], { error: 'must be active or inactive' }).optional(),
  mode: z.enum(['live', 'dev'], { error: 'must be live or dev' }).optional(),
  name: z.string().trim().min(1).max(120).optional(),
});

export type UpdateStoreInput = z.input<typeof updateInput>;

/** Changing the mode leaves keys as they are, so old keys then answer api_key_mode_mismatch. */
export async function updateStore(ctx: OperatorCtx, raw: UpdateStoreInput): Promise<Store> {
  const input = parseInput(updateInput, raw);
  const store = await findStoreBySlug(ctx, input.store);
  return ctx.db.store.update({ where: { id: store.id }, data: { plan: input.plan, mode: input.mode, name: input.name } });
}

export async function findStoreBySlug(ctx: OperatorCtx, slug: string): Promise<Store> {
  const store = await ctx.db.store.findUnique({ where: { slug } });
  if (!store) throw ApiError.notFound(`Store "${slug}"`);
  return store;
}
