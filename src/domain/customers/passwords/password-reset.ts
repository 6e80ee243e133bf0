import { hashPassword } from '../../../platform/crypto/passwords.js';
import { randomToken, sha256Hex } from '../../../platform/crypto/tokens.js';
import { ApiError } from '../../../platform/errors/api-error.js';
import type { Ctx } from '../../context.js';
import { enqueueMessage } from '../../messages/enqueue-message.js';
import { withTransaction } from '../../transaction.js';
import { hourlyCap } from '../otp/otp-limits.js';

/** A reset token lives an hour and works once; an address may ask 5 times an hour whichever store it asks, a client 20 at a store. */
export const resetRules = { expiresInMinutes: 60, perAddressPerHour: 5, perIpPerHour: 20 } as const;

/**
 * Emails a password-reset token. The answer is the same whether or not the address has an account,
 * and so is the work: either way one transaction writes one email (to an address without an
 * account, a note that no account uses it, which also tells its owner someone tried), so neither the
 * body nor the time tells an account apart.
 */
export async function requestPasswordReset(ctx: Ctx, input: { email: string; clientIp: string }): Promise<void> {
  await hourlyCap(ctx, `reset-address:${sha256Hex(input.email)}`, resetRules.perAddressPerHour, 'for this address');
  await hourlyCap(ctx, `reset-ip:${sha256Hex(`${ctx.store.id}:${input.clientIp}`)}`, resetRules.perIpPerHour, 'from this client');
  const token = `bzp_${randomToken(32)}`;
  const account = await ctx.db.customerAccount.findUnique({ where: { email: input.email }, select: { id: true } });
  await withTransaction(ctx, async (tx) => {
    const expiresAt = new Date(tx.now.getTime() + resetRules.expiresInMinutes * 60_000);
    if (account) {
      await tx.db.passwordReset.create({
        data: {
          storeId: tx.db.$storeId,
          accountId: account.id,
          tokenHash: sha256Hex(token),
          expiresAt,
          createdAt: tx.now,
        },
      });
    }
    await enqueueMessage(tx, {
      channel: 'email',
      recipient: input.email,
      template: account ? 'password_reset' : 'password_reset_no_account',
      subject: `Reset your ${tx.store.name} password`,
      text: account
        ? `To choose a new password, send this token with your email address to reset-password within ${resetRules.expiresInMinutes} minutes: ${token}. If you did not ask, ignore this message.`
        : `Someone asked to reset the ${tx.store.name} password of this address, but no account uses it. If it was you, register instead.`,
      ...(account ? { secret: { value: token, expiresAt } } : {}),
    });
  });
}

const invalid = () => new ApiError('reset_token_invalid', 'This reset token is unknown, expired, used, or for another address; request a new one.');

/**
 * Sets a new password with a reset token (single use, for its own address), and signs the account
 * out of every session at every store: whoever held the old password holds no session either.
 */
export async function resetPassword(ctx: Ctx, input: { token: string; email: string; password: string; passwordConfirmation: string }) {
  if (input.password !== input.passwordConfirmation) throw ApiError.invalidField('passwordConfirmation', 'must match password');
  const passwordHash = await hashPassword(input.password);
  await withTransaction(ctx, async (tx) => {
    const reset = await tx.db.passwordReset.findUnique({ where: { tokenHash: sha256Hex(input.token) }, include: { account: { select: { email: true } } } });
    if (!reset || reset.usedAt || reset.expiresAt <= tx.now || reset.account.email !== input.email) throw invalid();
    const { count } = await tx.db.passwordReset.updateMany({ where: { id: reset.id, usedAt: null }, data: { usedAt: tx.now } });
    if (count === 0) throw invalid();
    // The account's customer records at every store, and through them their sessions: the account's own rows, reached from it.
    const { customers } = await tx.db.customerAccount.findUniqueOrThrow({ where: { id: reset.accountId }, select: { customers: { select: { id: true } } } });
    await tx.db.customerAccount.update({
      where: { id: reset.accountId },
      data: {
        passwordHash,
        customers: {
          update: customers.map((c) => ({
            where: { id: c.id },
            data: { sessions: { updateMany: { where: { revokedAt: null }, data: { revokedAt: tx.now } } } },
          })),
        },
      },
    });
  });
}
