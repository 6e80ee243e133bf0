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
  /**
   * The sign-in code or reset token the text (and subject) carry, and when it stops working: it is
   * masked in the stored message once a real transport delivered it, or once it expired.
   */
  secret?: { value: string; expiresAt: Date };
}

/**
 * Puts a message in the messages outbox. Called inside the transaction of the change that causes
 * it (a challenge, a reset, a registration), so a message exists exactly when its cause committed;
 * the delivery worker sends it, retrying with backoff until it goes.
 */
export async function enqueueMessage(ctx: Pick<Ctx, 'db' | 'store' | 'now'>, message: OutgoingMessage): Promise<void> {
  // A secret the text does not carry could never be masked out of it.
  const secret = message.secret;
  if (secret && (!secret.value || !message.text.includes(secret.value))) {
    throw new Error(`the ${message.template} message text does not carry its secret`);
  }
  await ctx.db.message.create({
    data: {
      storeId: ctx.store.id,
      channel: message.channel,
      recipient: message.recipient,
      template: message.template,
      subject: message.subject ?? null,
      text: message.text,
      secret: secret?.value ?? null,
      secretExpiresAt: secret?.expiresAt ?? null,
      nextAttemptAt: ctx.now,
      createdAt: ctx.now,
    },
  });
}
