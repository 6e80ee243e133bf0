import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Message } from '../generated/prisma/client.js';
import { maskSecret } from '../domain/messages/message-secrets.js';
import type { Db } from '../platform/database/database.js';

/** How many of the newest messages the mailbox shows. */
export const MAILBOX_SIZE = 20;

/** The recipient as the outbox stores it: an email lower-cased, a phone number in E.164. */
export function recipientOf(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  return parsePhoneNumberFromString(trimmed)?.number ?? trimmed;
}

export interface MailboxEntry {
  id: string;
  channel: string;
  recipient: string;
  template: string;
  status: string;
  created_at: string;
  sent_at: string | null;
  subject: string | null;
  /** Null once the retention for message bodies has passed. */
  text: string | null;
}

export interface Mailbox {
  /** The recipient asked for, as stored; null for every recipient's messages. */
  to: string | null;
  messages: MailboxEntry[];
}

// A secret past its lifetime reads masked even before the worker's next pass has masked it in the row.
function entryOf(message: Message, now: Date): MailboxEntry {
  const expired = message.secret !== null && message.secretExpiresAt !== null && message.secretExpiresAt <= now;
  const shown = (text: string | null) => (expired ? maskSecret(text, message.secret!) : text);
  return {
    id: message.id,
    channel: message.channel,
    recipient: message.recipient,
    template: message.template,
    status: message.status,
    created_at: message.createdAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    subject: shown(message.subject),
    text: shown(message.text),
  };
}

/**
 * The development mailbox: the newest messages of every store (to one recipient, or to anyone),
 * as the dev page at GET /dev/mailbox and `bazaar messages` show them, codes included while they work.
 */
export async function readMailbox(db: Db, input: { to: string | null; now: Date }): Promise<Mailbox> {
  const to = input.to === null ? null : recipientOf(input.to);
  const rows = await db.message.findMany({
    where: to === null ? {} : { recipient: to },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: MAILBOX_SIZE,
  });
  return { to, messages: rows.map((row) => entryOf(row, input.now)) };
}
