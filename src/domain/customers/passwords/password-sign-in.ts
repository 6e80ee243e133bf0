import { decoyPasswordHash, hashPassword, verifyPassword } from '../../../platform/crypto/passwords.js';
import type { CustomerAccount } from '../../../generated/prisma/client.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { withTransaction } from '../../transaction.js';
import type { LoginWithPasswordInput, RegisterWithPasswordInput } from '../accounts/account-fields.js';
import { defaultAddressOf, type SignedIn } from '../accounts/signed-in.js';
import { storeCustomerOf } from '../accounts/store-customer.js';
import { enqueueWelcomeEmail } from '../accounts/welcome.js';
import { issueSession } from '../sessions/issue-session.js';
import { countLoginAttempt } from './login-throttle.js';

const accountTaken = () => new ApiError('account_exists', 'An account already uses this email address; sign in with it instead.');

/**
 * Registers an account with a password and signs it in at this store. The account is the
 * shopper's everywhere; this store's customer record is made with it. An address that has an
 * account answers 409 `account_exists` (the unique index decides between concurrent registrations).
 * The welcome message is written in the same transaction, as the code registrations write theirs.
 */
export async function registerWithPassword(ctx: Ctx, input: RegisterWithPasswordInput): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  return withTransaction(ctx, async (tx) => {
    const { count } = await tx.db.customerAccount.createMany({
      data: [{ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash }],
      skipDuplicates: true,
    });
    if (count === 0) throw accountTaken();
    const account = await tx.db.customerAccount.findUniqueOrThrow({ where: { email: input.email } });
    const customer = await storeCustomerOf(tx, account.id);
    const session = await issueSession(tx, { customerId: customer.id, platform: input.platform });
    await enqueueWelcomeEmail(tx, { email: input.email, firstName: input.firstName });
    return { session, account, defaultAddress: null, isNewUser: true };
  });
}

/**
 * Signs in with an email address and a password. A wrong password and an unknown address answer
 * the same 401 after the same work (a decoy hash is checked for an unknown address), and both count
 * towards the address's throttle, which counts the attempt before the password is checked.
 */
export async function loginWithPassword(ctx: Ctx, input: LoginWithPasswordInput): Promise<SignedIn> {
  const attempt = await countLoginAttempt(ctx, input.email);
  // An attempt never checked (hashing saturated, the database failing) guessed nothing: its count goes back.
  const account = await accountWithPassword(ctx, input).catch(async (error: unknown) => {
    await attempt.giveBack();
    throw error;
  });
  if (!account) throw new ApiError('invalid_credentials', 'The email address and password do not match an account.');
  await attempt.giveBack();
  return withTransaction(ctx, async (tx) => {
    const customer = await storeCustomerOf(tx, account.id);
    const session = await issueSession(tx, { customerId: customer.id, platform: input.platform });
    return { session, account, defaultAddress: await defaultAddressOf(tx, account.id) };
  });
}

/** The account when the password is its own; null for a wrong password or an unknown address, after the same scrypt work. */
async function accountWithPassword(ctx: Ctx, input: LoginWithPasswordInput): Promise<CustomerAccount | null> {
  const account = await ctx.db.customerAccount.findUnique({ where: { email: input.email } });
  const matches = await verifyPassword(input.password, account?.passwordHash ?? (await decoyPasswordHash));
  return account?.passwordHash && matches ? account : null;
}
