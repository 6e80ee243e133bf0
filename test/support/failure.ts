import { expect } from 'vitest';
import type { Call } from '../support/http.js';

/** Where every `error.doc_url` points in tests (startTestApp sets PUBLIC_URL=http://bazaar.test). */
export const DOCS_URL = 'http://bazaar.test/docs/errors';

/**
 * The whole failure envelope of both REST surfaces (merchant spec, Errors table) for one answer:
 * `message` may be a matcher; the request id is the one the answer carries in X-Request-Id.
 */
export function failureEnvelope(res: Call, code: string, message: unknown = expect.any(String)) {
  return {
    status: 'failed',
    error_code: code,
    message,
    data: null,
    error: { code, message, doc_url: `${DOCS_URL}#${code}`, request_id: res.headers['x-request-id'] },
  };
}

/** Exact status and exact body of a non-validation failure; `error.message` equals the top-level `message`. */
export function expectFailure(res: Call, status: number, code: string, message: unknown = expect.any(String)) {
  expect({ status: res.status, body: res.body }).toEqual({ status, body: failureEnvelope(res, code, message) });
  expect(res.body.error.message).toBe(res.body.message);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
}

/** A 422 validation failure: the envelope plus `error.field`, `error.errors`, `error_type` and top-level `errors`. */
export function expectValidation(res: Call, field: string) {
  expect(res.status).toBe(422);
  const errors = res.body?.error?.errors;
  expect(errors, JSON.stringify(res.body)).toEqual(expect.objectContaining({ [field]: expect.arrayContaining([expect.any(String)]) }));
  expect(res.body).toEqual({
    status: 'failed',
    error_code: 'validation_failed',
    message: expect.any(String),
    data: null,
    error: {
      code: 'validation_failed',
      message: res.body.message,
      doc_url: `${DOCS_URL}#validation_failed`,
      request_id: res.headers['x-request-id'],
      field: expect.any(String),
      errors,
    },
    error_type: 'validation_error',
    errors,
  });
  // The top-level message is the first failing rule, of the first offending field.
  expect(res.body.error.field).toBe(Object.keys(errors)[0]);
  expect(res.body.message).toBe(errors[res.body.error.field][0]);
}

/** The shape every REST 4xx/5xx JSON body has, whatever the code. */
export function expectEnvelopeShape(res: Call) {
  expect(res.body, `${res.status} ${res.raw}`).toMatchObject({
    status: 'failed',
    error_code: expect.any(String),
    message: expect.any(String),
    data: null,
    error: {
      code: res.body?.error_code,
      message: expect.any(String),
      doc_url: `${DOCS_URL}#${res.body?.error_code}`,
      request_id: res.headers['x-request-id'],
    },
  });
}
