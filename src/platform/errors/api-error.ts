import type { ErrorCode } from './error-codes.js';

export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers ?? {};
  }

  /** A 422 whose message is the first failing rule, as the merchant spec requires. */
  static validation(fieldErrors: FieldErrors): ApiError {
    const [field, messages] = Object.entries(fieldErrors)[0] ?? ['request', ['is invalid']];
    return new ApiError('validation_failed', messages[0] ?? `${field} is invalid`, { fieldErrors });
  }

  static invalidField(field: string, message: string): ApiError {
    return ApiError.validation({ [field]: [message] });
  }

  static notFound(kind: string): ApiError {
    return new ApiError('not_found', `${kind} not found.`);
  }

  /** The same failure with its fields named in another vocabulary (each face names fields as its callers send them). */
  withFieldErrors(fieldErrors: FieldErrors): ApiError {
    return new ApiError(this.code, this.message, { fieldErrors, headers: this.headers });
  }

  get field(): string | undefined {
    return this.fieldErrors ? Object.keys(this.fieldErrors)[0] : undefined;
  }
}
