import { requireScope } from '../../../auth/requirements.js';
import type { Ctx } from '../../context.js';

/** The scope that shows a shopper's email and phone unmasked, and lets a merchant search and sort by them. */
export const CONTACT_SCOPE = 'merchant-customers-contact-read' as const;

export function readsContact(ctx: Ctx): boolean {
  return ctx.principal.scopes.has(CONTACT_SCOPE);
}

/** Refuses, with 403 insufficient_scope naming the contact scope, a request that would reveal contact details through what it matches or how it orders. */
export function requireContactScope(ctx: Ctx) {
  requireScope(ctx.principal, CONTACT_SCOPE);
}

/**
 * One masking rule for every contact a merchant reads without the contact scope: an email keeps the
 * first character of its mailbox and its domain (`a***@example.com`, the mailbox length hidden); a
 * phone number keeps its leading `+`, first digit and last four digits, every other digit a `*`
 * (`+1******0161`). Numbers too short to keep five digits are all stars.
 */
export function maskContact(kind: 'email' | 'phone', value: string | null): string | null {
  if (value === null) return null;
  if (kind === 'email') {
    const at = value.lastIndexOf('@');
    return at > 0 ? `${value[0]}***${value.slice(at)}` : '***';
  }
  const digits = value.replace(/\D/g, '');
  const prefix = value.startsWith('+') ? '+' : '';
  if (digits.length <= 5) return prefix + '*'.repeat(digits.length);
  return `${prefix}${digits[0]}${'*'.repeat(digits.length - 5)}${digits.slice(-4)}`;
}

/** A contact as the calling key may see it: unmasked with the contact scope, masked without. */
export function contactFor(ctx: Ctx, contact: { email: string | null; phone: string | null }) {
  if (readsContact(ctx)) return contact;
  return { email: maskContact('email', contact.email), phone: maskContact('phone', contact.phone) };
}

/** Key names that hold a way to reach someone: `phone`, `customer_phone`, `mobile`, `email`, `recipientEmail`, `e-mail`… */
const contactKey = /phone|mobile|e-?mail/i;

function withoutContactKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutContactKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !contactKey.test(key))
      .map(([key, inner]) => [key, withoutContactKeys(inner)]),
  );
}

/**
 * A free-form map (an order's `metadata`) as the calling key may see it: whole with the contact
 * scope; without it, every key naming a phone or an email is omitted, at any depth (merchant spec:
 * contact keys inside `metadata` are masked or omitted).
 */
export function metadataFor(ctx: Ctx, metadata: Record<string, unknown>): Record<string, unknown> {
  if (readsContact(ctx)) return metadata;
  return withoutContactKeys(metadata) as Record<string, unknown>;
}
