import type { FastifyBaseLogger } from 'fastify';
import type { Message } from '../generated/prisma/client.js';
import type { MessagesConfig } from '../config.js';

/** One way a message leaves: it resolves when the message is handed over, and throws when it is not. */
export interface MessageTransport {
  /**
   * Whether sending hands the message to someone outside Bazaar (an SMTP server, an SMS provider):
   * then its secret is masked at once. The recording provider delivers nothing, so a code it records
   * stays readable (in the dev mailbox) until the code expires.
   */
  delivers: boolean;
  send(message: Message): Promise<void>;
}

/** Email through SMTP (nodemailer, loaded with the first email, so a server without SMTP never loads it), from the configured sender. */
export function smtpTransport(url: string, from: string): MessageTransport {
  let mailer: Promise<{ sendMail(mail: object): Promise<unknown> }> | undefined;
  return {
    delivers: true,
    async send(message) {
      mailer ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url));
      await (await mailer).sendMail({ from, to: message.recipient, subject: message.subject ?? '', text: message.text ?? '' });
    },
  };
}

/**
 * The default provider for texts (and for email without SMTP): the message counts as sent and
 * stays readable in the dev mailbox and with `messages --to`, its code or token until that expires,
 * the rest for the retention period. The log line names the message, not its text, so sign-in codes
 * stay out of logs.
 */
export function recordingTransport(log: FastifyBaseLogger): MessageTransport {
  return {
    delivers: false,
    async send(message) {
      log.info({ messageId: message.id, channel: message.channel, template: message.template }, 'message recorded (no provider configured)');
    },
  };
}

export type Transports = Record<string, MessageTransport>;

/** The transport of each channel: SMTP for email when configured, the recording provider otherwise. */
export function transportsOf(config: MessagesConfig, log: FastifyBaseLogger): Transports {
  const recording = recordingTransport(log);
  return { email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : recording, sms: recording, whatsapp: recording };
}
