import { readMailbox, type MailboxEntry } from '../messaging/mailbox.js';
import { DataDirBusyError } from '../platform/database/data-dir-lock.js';
import type { CommandModule } from './command.js';
import { stringFlag } from './parse-command-line.js';
import { serverMailbox } from './server-mailbox.js';

function asText(to: string, rows: MailboxEntry[]): string {
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
 * the newest messages to one address, sign-in codes included, across every store. When a running
 * server holds the embedded data directory, they are read through its dev mailbox instead.
 */
export const messages: CommandModule = {
  async run(io, flags) {
    const asked = stringFlag(flags, 'to')!;
    let mailbox;
    try {
      const ctx = await io.operator();
      mailbox = await readMailbox(ctx.db, { to: asked, now: ctx.now });
    } catch (error) {
      if (!(error instanceof DataDirBusyError) || error.serverUrl === undefined) throw error;
      mailbox = await serverMailbox(error, error.serverUrl, asked);
    }
    const to = mailbox.to ?? asked;
    return { json: { to, messages: mailbox.messages }, text: asText(to, mailbox.messages) };
  },
};
