import { z } from 'zod';
import { moneyNumber, renditionsSchema, uuid } from '../../kit/common-schemas.js';
import { singleAnswer } from '../../kit/envelope.js';

const text = z.string().nullable();

export const storeInfo = z
  .strictObject({
    id: uuid,
    name: z.string(),
    slug: z.string(),
    distance: z.number(),
    distance_text: z.string(),
    delivery_info: z.strictObject({
      delivery_fee: moneyNumber,
      delivery_time: text,
      pickup_enabled: z.boolean(),
      delivery_message: text,
      disable_delivery: z.boolean(),
    }),
    is_open: z.boolean(),
    message: z.string().meta({ description: 'Opening-hours message.' }),
    temporary_unavailable: z.boolean(),
    preorder_enabled: z.boolean(),
    tags: z.array(z.string()),
    tag: text,
    is_new: z.boolean(),
    featured: z.boolean(),
    service_type: z.string(),
    commerce_mode: z.string(),
    notice: z.array(z.string()),
    service: z.string(),
    logo: text,
    banner: text,
    logo_variants: renditionsSchema.nullable(),
    banner_variants: renditionsSchema.nullable(),
    rating: z.number(),
    rating_count: z.int(),
    discounts: z.array(z.strictObject({ id: z.string(), title: z.string(), type: z.enum(['percentage', 'fixed']), value: z.string(), image_url: text })),
    open_time: text.meta({ description: 'HH:MM' }),
    close_time: text.meta({ description: 'HH:MM' }),
    address: text,
    area: text,
    landmark: text,
    support_phone: text.meta({ description: 'Masked: only the last two digits shown.' }),
    country_code: z.string(),
    phone_code: z.string(),
    support_email: text.meta({ description: 'Masked: first letter of the mailbox and the domain.' }),
    slogan: text,
    short_description: text,
    disable_order: z.boolean(),
    region_id: z.int().nullable(),
    min_order_price: moneyNumber,
    is_test: z.boolean(),
    dev_store: z.boolean(),
    password_required: z.boolean(),
    indexable: z.boolean(),
    is_closed: z.boolean(),
    currency: z.string().meta({ description: 'ISO 4217 code.' }),
  })
  .meta({ id: 'Store' });

export const locale = z
  .strictObject({
    locale: z.string(),
    name: z.string(),
    native_name: z.string(),
    is_primary: z.boolean(),
    path_prefix: z.string().meta({ description: 'Empty on the primary locale.' }),
    hreflang: z.string(),
    html_lang: z.string(),
    dir: z.enum(['ltr', 'rtl']),
  })
  .meta({ id: 'Locale' });

export const storeInfoAnswer = singleAnswer(storeInfo);
export const localesAnswer = singleAnswer(z.array(locale));
