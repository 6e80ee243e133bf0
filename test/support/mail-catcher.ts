import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  /** The message as sent, quoted-printable soft line breaks unfolded so the body reads as written. */
  data: string;
}

/** A real SMTP server on loopback that keeps every message it is sent. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:PORT`, for `smtpTransport`. */
  url: string;
  received: CaughtMail[];
  /** How many of the next RCPT TO commands are refused with a temporary failure (450). */
  refuseNext: number;
  /** Forgets what was received and refuses nothing. */
  reset(): void;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (catcher.refuseNext > 0) {
        catcher.refuseNext -= 1;
        return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 450 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        catcher.received.push({ to: session.envelope.rcptTo.map((r) => r.address), data: data.replace(/=\r\n/g, '') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const catcher: MailCatcher = {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received: [],
    refuseNext: 0,
    reset() {
      catcher.received = [];
      catcher.refuseNext = 0;
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
  return catcher;
}
