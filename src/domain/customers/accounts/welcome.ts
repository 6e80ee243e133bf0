import { enqueueMessage } from '../../messages/enqueue-message.js';
import type { TransactionCtx } from '../../transaction.js';

/** The welcome every registration by email writes, in the registration's transaction: with a password or with a code, the shopper hears the same. */
export async function enqueueWelcomeEmail(tx: TransactionCtx, input: { email: string; firstName: string }): Promise<void> {
  await enqueueMessage(tx, {
    channel: 'email',
    recipient: input.email,
    template: 'welcome',
    subject: `Welcome to ${tx.store.name}`,
    text: `Welcome, ${input.firstName}. Your account is ready: sign in to ${tx.store.name} with this address.`,
  });
}
