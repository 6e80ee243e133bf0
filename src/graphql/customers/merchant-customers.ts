import { customerFilterLimits } from '../../domain/customers/merchant/customer-filters.js';
import { customerSortFields } from '../../domain/customers/merchant/customer-sorts.js';
import type { MerchantCustomer as Customer } from '../../domain/customers/document.js';
import { findMerchantCustomer } from '../../domain/customers/merchant/find-customer.js';
import { customerListLimits, listMerchantCustomers } from '../../domain/customers/merchant/list-customers.js';
import { customerPeriods } from '../../domain/customers/merchant/period.js';
import { ApiError } from '../../platform/errors/api-error.js';
import { builder, merchantScope } from '../builder.js';
import { SortOrder } from '../catalog/merchant-queries.js';
import { Merchant } from '../merchant/namespace.js';
import { connectionOf, windowOf } from '../shared/connection.js';

const CONTACT = 'merchant-customers-contact-read';
const enumValues = <T extends string>(values: readonly T[]) =>
  Object.fromEntries(values.map((value) => [value.toUpperCase(), { value }])) as Record<string, { value: T }>;

const CustomerSortField = builder.enumType('MerchantCustomerSortField', {
  description: `JOINED_DATE is the same order as CREATED_AT. EMAIL and PHONE need ${CONTACT}; customers without one come last. Ties are broken by id.`,
  values: enumValues(customerSortFields),
});

const CustomerPeriod = builder.enumType('MerchantCustomerPeriod', {
  description: "A period of the store's calendar in its time zone; weeks start on Monday.",
  values: enumValues(customerPeriods),
});

const CustomerFilter = builder.inputType('MerchantCustomerFilter', {
  fields: (t) => ({
    createdAfter: t.field({ type: 'DateTime', required: false, description: 'Joined strictly after this time.' }),
    createdBefore: t.field({ type: 'DateTime', required: false, description: 'Joined strictly before this time.' }),
    period: t.field({ type: CustomerPeriod, required: false }),
    search: t.string({
      required: false,
      description: `At most ${customerFilterLimits.maxSearchLength} characters. Every word in the first or last name; text with an @ or of digits matches the contact and needs ${CONTACT}, with which any text also matches the email and phone.`,
    }),
    email: t.string({ required: false, description: `The whole email address, any case. Needs ${CONTACT}.` }),
    phone: t.string({ required: false, description: `The whole phone number in E.164. Needs ${CONTACT}.` }),
  }),
});

export const MerchantCustomer = builder.objectRef<Customer>('MerchantCustomer').implement({
  description: `A customer of the store. email and phone are masked (a***@example.com, +1******0161) unless the key carries ${CONTACT}.`,
  fields: (t) => ({
    pId: t.exposeInt('id', { description: 'The integer id (REST `id`); `id` is the global id.' }),
    uid: t.field({ type: 'UUID', resolve: (c) => c.uid }),
    name: t.exposeString('name', { description: 'First and last name.' }),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true, description: 'E.164.' }),
    avatar: t.exposeString('avatarUrl', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', description: 'When the shopper joined the store.', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (c) => c.updatedAt }),
  }),
});

/** Trimmed as REST trims its query text; blank is absent. */
function text(value: string | null | undefined, field: string, max: number): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  if (trimmed.length > max) throw ApiError.invalidField(field, `must be at most ${max} characters`);
  return trimmed;
}

builder.objectFields(Merchant, (t) => ({
  customers: t.connection({
    type: MerchantCustomer,
    ...merchantScope('merchant-customers-read'),
    description: `The store's customers, as GET /customers. Contact filters, contact-like searches and the EMAIL and PHONE sorts need ${CONTACT}.`,
    args: {
      filter: t.arg({ type: CustomerFilter, required: false }),
      sortBy: t.arg({ type: CustomerSortField, required: false }),
      sortOrder: t.arg({ type: SortOrder, required: false }),
    },
    resolve: async (_m, args, { ctx }) => {
      const window = windowOf(args, customerListLimits.maxPageSize, customerListLimits.defaultPageSize);
      const { filter } = args;
      const page = await listMerchantCustomers(ctx, {
        window,
        sortBy: args.sortBy ?? 'created_at',
        direction: args.sortOrder ?? 'desc',
        filter: {
          createdAfter: filter?.createdAfter ?? undefined,
          createdBefore: filter?.createdBefore ?? undefined,
          period: filter?.period ?? undefined,
          search: text(filter?.search, 'filter.search', customerFilterLimits.maxSearchLength),
          email: text(filter?.email, 'filter.email', 254),
          phone: text(filter?.phone, 'filter.phone', 32)?.replace(/[\s().-]/g, ''),
        },
      });
      const connection = connectionOf(page);
      return { ...connection, edges: connection.edges.map((edge, i) => ({ cursor: edge.cursor, node: page.customers[i]! })) };
    },
  }),
  customer: t.field({
    type: MerchantCustomer,
    ...merchantScope('merchant-customers-detail'),
    args: { id: t.arg.string({ required: true, description: 'Integer id or uuid of a customer of this store.' }) },
    resolve: (_m, args, { ctx }) => findMerchantCustomer(ctx, args.id),
  }),
}));
