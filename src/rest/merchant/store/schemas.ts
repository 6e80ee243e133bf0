import { z } from 'zod';
import { isoTimestamp, uuid } from '../../kit/common-schemas.js';
import { singleAnswer } from '../../kit/envelope.js';

const text = z.string().nullable();

export const storeProfile = z
  .strictObject({
    id: uuid,
    name: z.string(),
    slug: z.string(),
    mode: z.enum(['live', 'dev']),
    plan: z.enum(['active', 'inactive']),
    currency: z.string(),
    country_code: z.string(),
    phone_code: z.string(),
    timezone: z.string(),
    storefront_url: text,
    primary_locale: text,
    locales: z.array(z.strictObject({ code: z.string(), name: z.string(), is_primary: z.boolean(), published: z.boolean() })),
    slogan: text,
    short_description: text,
    logo: text,
    banner: text,
    address: text,
    area: text,
    landmark: text,
    support_phone: text,
    support_email: text,
    open_time: text,
    close_time: text,
    created_at: isoTimestamp,
    updated_at: isoTimestamp,
  })
  .meta({ id: 'StoreProfile' });

export const storeProfileAnswer = singleAnswer(storeProfile);
