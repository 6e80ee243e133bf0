import { z } from 'zod';
import { customerFilterLimits } from '../../../domain/customers/merchant/customer-filters.js';
import { contactSorts, customerSortFields } from '../../../domain/customers/merchant/customer-sorts.js';
import { customerListLimits, type CustomerListInput } from '../../../domain/customers/merchant/list-customers.js';
import { followerListLimits } from '../../../domain/customers/merchant/list-followers.js';
import { wishlistListLimits } from '../../../domain/customers/merchant/list-wishlist-items.js';
import { customerPeriods } from '../../../domain/customers/merchant/period.js';
import type { KeysetWindow } from '../../../domain/pagination/keyset-page.js';
import { cursorParam, enumParam, integerParam, textParam, timestampParam } from '../../../platform/validation/wire-params.js';
import { isoTimestamp, moneyString, uuid } from '../../kit/common-schemas.js';
import { listAnswer, singleAnswer } from '../../kit/envelope.js';
import { cardFields, detailVariant } from '../../storefront/products/schemas.js';

const CONTACT = 'merchant-customers-contact-read';
const pageSize = (limits: { maxPageSize: number; defaultPageSize: number }) =>
  integerParam(1, limits.maxPageSize).meta({ description: `Page size, 1 to ${limits.maxPageSize}, default ${limits.defaultPageSize}.` });

export const customerListQuery = z
  .looseObject({
    limit: pageSize(customerListLimits),
    starting_after: cursorParam,
    created_after: timestampParam.meta({ description: 'Customers who joined the store strictly after this time (ISO 8601; without an offset, UTC).' }),
    created_before: timestampParam.meta({ description: 'Customers who joined the store strictly before this time.' }),
    period: enumParam(customerPeriods).meta({
      description: "Joined today, this week (from Monday) or this month, by the store's calendar in its time zone; combines with the date filters.",
    }),
    search: textParam(customerFilterLimits.maxSearchLength).meta({
      description: `Every word in the first or last name. Text with an @ (an email) or of digits (a phone number) matches the contact and needs ${CONTACT}; with that scope any text also matches the email and phone.`,
    }),
    email: textParam(254).meta({ description: `The whole email address, any case. Needs ${CONTACT}.` }),
    phone: textParam(32).meta({ description: `The whole phone number in E.164, such as +12015550161. Needs ${CONTACT}.` }),
    sort_by: enumParam(customerSortFields).meta({
      description: `Default created_at; joined_date is the same order. ${contactSorts.join(' and ')} need ${CONTACT}; customers without one come last. Ties are broken by id.`,
    }),
    sort_order: enumParam(['asc', 'desc']).meta({ description: 'Default desc.' }),
  })
  .transform((q): CustomerListInput => ({
    window: { size: q.limit ?? customerListLimits.defaultPageSize, after: q.starting_after },
    sortBy: q.sort_by ?? 'created_at',
    direction: q.sort_order ?? 'desc',
    filter: {
      createdAfter: q.created_after,
      createdBefore: q.created_before,
      period: q.period,
      search: q.search,
      email: q.email,
      phone: q.phone?.replace(/[\s().-]/g, ''),
    },
  }));

export const followerListQuery = z
  .looseObject({ limit: pageSize(followerListLimits), starting_after: cursorParam })
  .transform((q): KeysetWindow => ({ size: q.limit ?? followerListLimits.defaultPageSize, after: q.starting_after }));

export const wishlistQuery = z
  .looseObject({ limit: pageSize(wishlistListLimits), starting_after: cursorParam })
  .transform((q): KeysetWindow => ({ size: q.limit ?? wishlistListLimits.defaultPageSize, after: q.starting_after }));

export const customerParams = z.object({ customer: z.string().meta({ description: 'The integer id (p_id) or the uuid of a customer of this store.' }) });

const contactField = (kind: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `The ${kind}; masked without ${CONTACT} (a***@example.com, +1******0161).` });

export const customerSchema = z
  .strictObject({
    id: z.int(),
    uid: uuid,
    name: z.string().meta({ description: 'First and last name.' }),
    email: contactField('email address'),
    phone: contactField('phone number, E.164'),
    avatar: z.string().nullable(),
    created_at: isoTimestamp.meta({ description: 'When the shopper joined the store.' }),
    updated_at: isoTimestamp,
  })
  .meta({ id: 'MerchantCustomer' });

export const followerSchema = z
  .strictObject({
    id: uuid.meta({ description: 'The follow.' }),
    customer_id: z.int().nullable().meta({ description: "The store's customer record of the follower, when there is one." }),
    name: z.string(),
    email: contactField('email address, when shared or the follower is a customer; otherwise null'),
    phone: contactField('phone number, when shared or the follower is a customer; otherwise null'),
    avatar: z.string().nullable(),
    shared_contact: z.boolean(),
    is_customer: z.boolean(),
    followed_at: isoTimestamp,
  })
  .meta({ id: 'MerchantFollower' });

const nullableText = z.string().nullable();
const term = z.strictObject({ id: uuid, p_id: z.int(), name: z.string(), slug: z.string() });

export const wishlistProduct = z
  .strictObject({
    ...cardFields,
    addons: z.array(z.unknown()).max(0).meta({ description: 'Always empty: add-ons do not exist yet.' }),
    taxonomy: z.strictObject({
      categories: z.array(term),
      tags: z.array(z.string()),
      brand: nullableText,
      collections: z.array(term),
    }),
    purchase_limits: z
      .strictObject({ min_qty: z.int(), max_qty: z.int().nullable(), step_qty: z.int() })
      .meta({ description: 'Any quantity from 1 in steps of 1 (max_qty null) until products record limits.' }),
    measurement: z
      .strictObject({ weight: z.number().nullable(), dimensions: z.null() })
      .meta({ description: 'Null while products record no weight or dimensions of their own (a variant has its weight).' }),
    specs: z.array(z.unknown()).max(0).meta({ description: 'Always empty: products record no specification sheet yet.' }),
    options: z.array(z.strictObject({ name: z.string(), position: z.int(), values: z.array(z.string()) })),
    variants: z.array(detailVariant),
  })
  .meta({ id: 'WishlistProduct' });

export const wishlistItemSchema = z
  .strictObject({
    created_at: isoTimestamp.meta({ description: 'When the shopper saved it.' }),
    price_at_save: moneyString.meta({ description: 'The price the shopper saw when saving it, a decimal string.' }),
    product: wishlistProduct,
  })
  .meta({ id: 'WishlistItem' });

export const customerListAnswer = listAnswer(customerSchema);
export const customerAnswer = singleAnswer(customerSchema);
export const followerListAnswer = listAnswer(followerSchema);
export const wishlistAnswer = listAnswer(wishlistItemSchema);
