import type { Ctx } from '../context.js';

/** How a message reaches its recipient: an email, or a text by SMS or WhatsApp. */
export type MessageChannel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** The lower-cased email address or the E.164 phone number. */
  recipient: string;
  /** What it is, for logs and the CLI: "otp", "password_reset", "welcome". */
  template: string;
  /** Email only. */
  subject?: string;
  text: string;
}

/**
 * Puts a message in the messages outbox. Called inside the transaction of the change that causes
 * it (a challenge, a reset, a registration), so a message exists exactly when its cause committed;
 * the delivery worker sends it, retrying with backoff until it goes.
 */
export async function enqueueMessage(ctx: Ctx, message: OutgoingMessage): Promise<void> {
  await ctx.db.message.create({
    data: {
      storeId: ctx.store.id,
      channel: message.channel,
      recipient: message.recipient,
      template: message.template,
      subject: message.subject ?? null,
      text: message.text,
      nextAttemptAt: ctx.now,
      createdAt: ctx.now,
    },
  });
}
