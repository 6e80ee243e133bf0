import { z } from 'zod';
import type { SavedAddress as SavedAddressRow } from '../../generated/prisma/client.js';
import { addressCreateShape } from '../../domain/customers/addresses/address-fields.js';
import { addAddress, deleteAddress, makeDefaultAddress } from '../../domain/customers/addresses/saved-addresses.js';
import { accountUpdateShape, contactOtpShape, requestContactChange, updateAccount } from '../../domain/customers/accounts/update-account.js';
import { followStore, unfollowStore, type FollowState as FollowStateShape } from '../../domain/customers/follows/store-follow.js';
import { otpRules } from '../../domain/customers/otp/otp-codes.js';
import { parseInput } from '../../platform/validation/parse-input.js';
import { builder, customerField } from '../builder.js';
import { inputField } from '../catalog/mutation-support.js';
import { asMutationPayload, UserError, type UserErrorShape } from '../shared/user-errors.js';
import { FollowState, SavedAddress } from './account-parts.js';
import { CustomerAccount, type AccountShape } from './account-type.js';

// The signed-in shopper's account operations (the storefront's (C) and designed routes), with the
// bearer token as on REST; a caller's mistake is a userError naming the input path.

type Payload<T> = { result: T | null; userErrors: UserErrorShape[] };

const AddressPayload = builder.objectRef<Payload<SavedAddressRow>>('SavedAddressPayload').implement({
  fields: (t) => ({
    address: t.field({ type: SavedAddress, nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const AddressDeletePayload = builder.objectRef<Payload<string>>('SavedAddressDeletePayload').implement({
  fields: (t) => ({
    deletedId: t.field({ type: 'UUID', nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const AccountPayload = builder.objectRef<Payload<AccountShape>>('AccountUpdatePayload').implement({
  fields: (t) => ({
    customer: t.field({ type: CustomerAccount, nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const ContactOtpPayload = builder.objectRef<Payload<{ email?: string; phone?: string; channel: string }>>('ContactChangeOtpPayload').implement({
  fields: (t) => ({
    email: t.string({ nullable: true, resolve: (p) => p.result?.email ?? null }),
    phone: t.string({ nullable: true, description: 'E.164.', resolve: (p) => p.result?.phone ?? null }),
    channel: t.string({ nullable: true, resolve: (p) => p.result?.channel ?? null }),
    expiresIn: t.int({ resolve: () => otpRules.expiresInSeconds }),
    resendIn: t.int({ resolve: () => otpRules.resendInSeconds }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const FollowPayload = builder.objectRef<Payload<FollowStateShape>>('FollowPayload').implement({
  fields: (t) => ({
    followState: t.field({ type: FollowState, nullable: true, resolve: (p) => p.result }),
    userErrors: t.field({ type: [UserError], resolve: (p) => p.userErrors }),
  }),
});

const SavedAddressInput = builder.inputType('SavedAddressInput', {
  fields: (t) => ({
    label: t.string({ required: true }),
    address: t.string({ required: true }),
    lat: t.float({ required: true }),
    lng: t.float({ required: true }),
  }),
});

const AccountUpdateInput = builder.inputType('AccountUpdateInput', {
  description: 'Names and avatar change as sent; a new email, or a new phone with countryCode, needs otpCode from requestContactChangeOtp.',
  fields: (t) => ({
    firstName: t.string({ required: false }),
    lastName: t.string({ required: false }),
    avatar: t.string({ required: false, description: 'An https URL the app hosts; null clears it.' }),
    email: t.string({ required: false }),
    phone: t.string({ required: false }),
    countryCode: t.string({ required: false }),
    otpCode: t.string({ required: false }),
  }),
});

const ContactChangeInput = builder.inputType('ContactChangeInput', {
  fields: (t) => ({
    email: t.string({ required: false }),
    phone: t.string({ required: false }),
    countryCode: t.string({ required: false }),
    channel: t.string({ required: false, description: 'sms (default) or whatsapp, with phone.' }),
  }),
});

/** GraphQL sends null for an input field left out; the domain's shapes tell "absent" (undefined) from "clear" (null) only where null means something. */
function withoutNulls(input: Record<string, unknown>, keepNull: string[] = []) {
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== null || keepNull.includes(key)));
}

builder.mutationFields((t) => ({
  addressCreate: t.field({
    type: AddressPayload,
    ...customerField,
    description: 'POST /store/addresses: the country, state, city, area and their ids are derived from the point.',
    args: { input: t.arg({ type: SavedAddressInput, required: true }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => addAddress(ctx, parseInput(z.strictObject(addressCreateShape), args.input)), inputField),
  }),
  addressDelete: t.field({
    type: AddressDeletePayload,
    ...customerField,
    description: 'DELETE /store/addresses/{id}; deleting the default makes the newest remaining address the default.',
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        async () => (await deleteAddress(ctx, args.id), args.id.toLowerCase()),
        (f) => f,
      ),
  }),
  addressSetDefault: t.field({
    type: AddressPayload,
    ...customerField,
    description: 'PATCH /store/addresses/{id}/default.',
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(
        () => makeDefaultAddress(ctx, args.id),
        (f) => f,
      ),
  }),
  accountUpdate: t.field({
    type: AccountPayload,
    ...customerField,
    description: 'PATCH /store/account.',
    args: { input: t.arg({ type: AccountUpdateInput, required: true }) },
    resolve: (_root, args, { ctx }) =>
      asMutationPayload(() => updateAccount(ctx, parseInput(z.strictObject(accountUpdateShape), withoutNulls(args.input, ['avatar']))), inputField),
  }),
  requestContactChangeOtp: t.field({
    type: ContactOtpPayload,
    ...customerField,
    description: 'POST /store/account/contact-otp: send a code to a new email or phone for accountUpdate.',
    args: { input: t.arg({ type: ContactChangeInput, required: true }) },
    resolve: (_root, args, { ctx, clientIp }) =>
      asMutationPayload(() => requestContactChange(ctx, { ...parseInput(z.strictObject(contactOtpShape), withoutNulls(args.input)), clientIp }), inputField),
  }),
  storeFollow: t.field({
    type: FollowPayload,
    ...customerField,
    description: 'POST /store/follow: follow this store, or change whether the follow shares the shopper’s contact.',
    args: { sharedContact: t.arg.boolean({ required: false }) },
    resolve: (_root, args, { ctx }) => asMutationPayload(() => followStore(ctx, { sharedContact: args.sharedContact ?? undefined })),
  }),
  storeUnfollow: t.field({
    type: FollowPayload,
    ...customerField,
    description: 'DELETE /store/follow.',
    resolve: (_root, _args, { ctx }) => asMutationPayload(() => unfollowStore(ctx)),
  }),
}));
