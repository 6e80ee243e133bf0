/** What stands in a message's text and subject for its secret once the secret is no longer kept. */
export const SECRET_MASK = '••••••';

/** The text with every occurrence of the secret masked; null stays null. */
export function maskSecret(text: string | null, secret: string): string | null {
  return text === null ? null : text.split(secret).join(SECRET_MASK);
}

/** The secret's columns once masked: written with the update that delivers the message, or by the sweep of expired secrets. */
export function maskedColumns(message: { text: string | null; subject: string | null; secret: string | null }) {
  if (message.secret === null) return {};
  return { text: maskSecret(message.text, message.secret), subject: maskSecret(message.subject, message.secret), secret: null, secretExpiresAt: null };
}
