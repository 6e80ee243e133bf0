/**
 * An answer body already written as JSON (a page PostgreSQL wrote, domain/catalog/shown-json.ts):
 * sent as it is, never parsed to be written again.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The text a body leaves as. */
export function bodyText(body: unknown): string {
  return body instanceof JsonText ? body.text : (JSON.stringify(body) ?? '');
}
