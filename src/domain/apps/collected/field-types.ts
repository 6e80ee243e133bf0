import { z } from 'zod';

// The field types of collected definitions, with the validations each takes and how a value of it
// is checked. A record stores the values as checked (a decimal as its text, a date as YYYY-MM-DD).

export const fieldTypes = ['single_line_text', 'multi_line_text', 'integer', 'decimal', 'boolean', 'date', 'email', 'phone', 'url'] as const;
export type FieldType = (typeof fieldTypes)[number];

export const validationNames = ['min_length', 'max_length', 'min', 'max', 'choices'] as const;
export type ValidationName = (typeof validationNames)[number];

export interface FieldValidation {
  name: ValidationName;
  value: number | string | string[];
}

export interface CollectedField {
  key: string;
  name: string;
  type: FieldType;
  required: boolean;
  validations: FieldValidation[];
}

const textTypes: ReadonlySet<FieldType> = new Set(['single_line_text', 'multi_line_text', 'email', 'phone', 'url']);

/** The longest value of each text type; `max_length` may only lower it. */
export const textCeiling: Partial<Record<FieldType, number>> = { single_line_text: 255, multi_line_text: 5000, email: 254, phone: 16, url: 2000 };

/** Which validations a type takes, and what their value must be; a misfit is a message, else null. */
export function checkValidation(type: FieldType, validation: FieldValidation): string | null {
  const { name, value } = validation;
  if (name === 'min_length' || name === 'max_length') {
    if (!textTypes.has(type)) return `${name} applies to text fields only`;
    return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= textCeiling[type]! ? null : `${name} must be a whole number from 0 to ${textCeiling[type]}`;
  }
  if (name === 'min' || name === 'max') {
    if (type === 'integer' || type === 'decimal') return typeof value === 'number' && Number.isFinite(value) ? null : `${name} must be a number`;
    if (type === 'date') return typeof value === 'string' && isCalendarDay(value) ? null : `${name} must be a date such as 2026-01-31`;
    return `${name} applies to integer, decimal and date fields only`;
  }
  if (type !== 'single_line_text') return 'choices applies to single_line_text fields only';
  return Array.isArray(value) && value.length >= 1 && value.length <= 100 && value.every((c) => typeof c === 'string' && c.length >= 1 && c.length <= 255)
    ? null
    : 'choices must be a list of 1-100 texts of 1-255 characters';
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+[1-9]\d{6,14}$/;
const decimalPattern = /^-?\d{1,15}(\.\d{1,6})?$/;

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The value as stored, or the message saying what is wrong with it. */
export function checkValue(field: CollectedField, raw: unknown): { value: unknown } | { error: string } {
  const rule = (name: ValidationName) => field.validations.find((v) => v.name === name)?.value;
  switch (field.type) {
    case 'integer':
    case 'decimal': {
      const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
      if (field.type === 'integer' && (typeof raw !== 'number' || !Number.isSafeInteger(raw))) return { error: 'must be a whole number' };
      if (text === null || !decimalPattern.test(text)) return { error: 'must be a decimal number such as 12.5 (at most 6 decimals)' };
      const n = Number(text);
      const min = rule('min') as number | undefined;
      const max = rule('max') as number | undefined;
      if (min !== undefined && n < min) return { error: `must be at least ${min}` };
      if (max !== undefined && n > max) return { error: `must be at most ${max}` };
      return { value: field.type === 'integer' ? raw : text };
    }
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { error: 'must be true or false' };
    case 'date': {
      if (typeof raw !== 'string' || !isCalendarDay(raw)) return { error: 'must be a date such as 2026-01-31' };
      const min = rule('min') as string | undefined;
      const max = rule('max') as string | undefined;
      if (min !== undefined && raw < min) return { error: `must be on or after ${min}` };
      if (max !== undefined && raw > max) return { error: `must be on or before ${max}` };
      return { value: raw };
    }
    default:
      return checkText(field, raw);
  }
}

function checkText(field: CollectedField, raw: unknown): { value: unknown } | { error: string } {
  if (typeof raw !== 'string') return { error: 'must be text' };
  const value = field.type === 'multi_line_text' ? raw : raw.trim();
  if (value.includes('\u0000')) return { error: 'must not contain NUL characters' };
  if (field.type !== 'multi_line_text' && /[\r\n]/.test(value)) return { error: 'must be one line' };
  const rule = (name: ValidationName) => field.validations.find((v) => v.name === name)?.value;
  const max = (rule('max_length') as number | undefined) ?? textCeiling[field.type]!;
  const min = (rule('min_length') as number | undefined) ?? 0;
  if (value.length > max) return { error: `must be at most ${max} characters` };
  if (value.length < min) return { error: `must be at least ${min} characters` };
  if (field.type === 'email' && !emailPattern.test(value)) return { error: 'must be an email address' };
  if (field.type === 'phone' && !phonePattern.test(value)) return { error: 'must be a phone number in international form, such as +15551234567' };
  if (field.type === 'url' && !isHttpsUrl(value)) return { error: 'must be an https URL' };
  const choices = rule('choices') as string[] | undefined;
  if (choices && !choices.includes(value)) return { error: `must be one of ${choices.join(', ')}` };
  return { value };
}

export const fieldTypeSchema = z.enum(fieldTypes, { error: (issue) => (issue.input === undefined ? 'is required' : `must be one of ${fieldTypes.join(', ')}`) });
