import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Message } from '../generated/prisma/client.js';
import type { CommandModule } from './command.js';
import { stringFlag } from './parse-command-line.js';

/** How many of the newest messages to an address are shown. */
const SHOWN = 20;

/** The recipient as the outbox stores it: an email lower-cased, a phone number in E.164. */
function recipientOf(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  return parsePhoneNumberFromString(trimmed)?.number ?? trimmed;
}

function presentMessage(message: Message) {
  return {
    id: message.id,
    channel: message.channel,
    template: message.template,
    status: message.status,
    created_at: message.createdAt.toISOString(),
    sent_at: message.sentAt?.toISOString() ?? null,
    subject: message.subject,
    // Null once the retention for message bodies has passed.
    text: message.text,
  };
}

function asText(to: string, rows: ReturnType<typeof presentMessage>[]): string {
  if (!rows.length) return `No messages to ${to}.`;
  return rows
    .map((m) =>
      [`${m.created_at}  ${m.channel}  ${m.template}  ${m.status}`, m.subject ? `  ${m.subject}` : null, `  ${m.text ?? '(body no longer kept)'}`]
        .filter(Boolean)
        .join('\n'),
    )
    .join('\n\n');
}

/**
 * Reads the messages outbox, so a developer signs in to the demo store without a mail server:
 * the newest messages to one address, sign-in codes included, across every store.
 */
export const messages: CommandModule = {
  async run(io, flags) {
    const to = recipientOf(stringFlag(flags, 'to')!);
    const ctx = await io.operator();
    const rows = (await ctx.db.message.findMany({ where: { recipient: to }, orderBy: { createdAt: 'desc' }, take: SHOWN })).map(presentMessage);
    return { json: { to, messages: rows }, text: asText(to, rows) };
  },
};
