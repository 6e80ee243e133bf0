import type { FastifyInstance } from 'fastify';
import { hostedPageHeaders, html, page } from '../hosted/html.js';
import { readMailbox, MAILBOX_SIZE, type Mailbox } from '../messaging/mailbox.js';
import type { Database } from '../platform/database/database.js';
import { ApiError } from '../platform/errors/api-error.js';

/** Longer than any email address (254) or phone number the outbox stores. */
const MAX_TO_LENGTH = 320;

function toOf(query: unknown): string | null {
  const to = (query as { to?: unknown }).to;
  if (to === undefined || to === '') return null;
  if (typeof to !== 'string' || to.length > MAX_TO_LENGTH) {
    throw ApiError.invalidField('to', `must be one email address or phone number of at most ${MAX_TO_LENGTH} characters`);
  }
  return to;
}

function mailboxPage(mailbox: Mailbox, asked: string | null): string {
  const entries = mailbox.messages.map(
    (m) =>
      html`<fieldset data-testid="message">
        <legend>${m.subject ?? m.template}</legend>
        <p class="note">${m.created_at} · ${m.channel} to ${m.recipient} · ${m.template} · ${m.status}</p>
        <p>${m.text ?? '(body no longer kept)'}</p>
      </fieldset>`,
  );
  const heading = mailbox.to === null ? `the newest ${MAILBOX_SIZE} messages` : `the newest ${MAILBOX_SIZE} messages to ${mailbox.to}`;
  return page(
    'Dev mailbox · Bazaar',
    html`<h1>Dev mailbox</h1>
      <p class="note">
        Development only (BAZAAR_DEMO or DEV_MAILBOX is on): ${heading}, every store. A sign-in code or reset token shows while it works; once an SMTP server
        took it or it expired, it reads ••••••.
      </p>
      <form method="get">
        <label>To <input type="text" name="to" value="${asked ?? ''}" placeholder="ada@example.com or +12015550123" /></label>
        <button>Show</button>
      </form>
      ${entries.length ? entries : html`<p role="status">No messages${mailbox.to === null ? '' : ` to ${mailbox.to}`}.</p>`}`,
  );
}

/**
 * GET /dev/mailbox: the messages the server wrote, sign-in codes and reset tokens included, for
 * development without a mail server, beside a running server (the embedded database takes one
 * process, so `bazaar messages` reads through here when the server holds it). `?to=` keeps one
 * recipient's; `Accept: application/json` answers the JSON `bazaar messages --json` prints.
 * Registered only when `DEV_MAILBOX` is on (by default, exactly when the demo is): anyone who
 * reaches it reads every code, so a deployment never serves it unless told to.
 */
export function registerDevMailbox(app: FastifyInstance, database: Database) {
  app.get('/dev/mailbox', { helmet: hostedPageHeaders }, async (request, reply) => {
    const asked = toOf(request.query);
    const mailbox = await readMailbox(database.prisma, { to: asked, now: new Date() });
    reply.header('cache-control', 'no-store').header('vary', 'accept');
    if (request.headers.accept?.includes('application/json')) return mailbox;
    return reply.type('text/html; charset=utf-8').send(mailboxPage(mailbox, asked));
  });
}
