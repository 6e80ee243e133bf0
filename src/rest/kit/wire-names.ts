import { ApiError, type FieldErrors } from '../../platform/errors/api-error.js';

/** Domain fields the REST faces name differently everywhere (the keyset window's cursor). */
const restNames: Record<string, string> = { after: 'starting_after' };

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const isContainer = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * One field path in the names the caller sent. Along the request as sent, a step that names a key
 * of it is that key: the domain's own field under its wire name (`compareAtPrice` is the
 * `compare_at_price` sent), else a key the caller chose, kept as sent, capitals and dots included
 * (`metafields.custom.GiftNote`, `properties.Gift wrap`). A step past what was sent is a domain
 * field, named by the snake_case rule.
 */
function wirePath(field: string, overrides: Record<string, string>, sent: unknown[]): string {
  const steps = field.split('.');
  const named: string[] = [];
  let here: unknown[] = sent.filter(isContainer);
  for (let i = 0; i < steps.length;) {
    const step = steps[i]!;
    const wire = overrides[step] ?? restNames[step] ?? snakeCase(step);
    const holders = here.filter(isContainer);
    const byWire = holders.filter((holder) => Object.hasOwn(holder, wire));
    if (byWire.length) {
      named.push(wire);
      here = byWire.map((holder) => holder[wire]);
      i += 1;
      continue;
    }
    // A caller's key may hold dots (a metafield's `namespace.key`): the longest run of steps that is one key.
    const run = steps.length - i;
    const taken = Array.from({ length: run }, (_, n) => run - n).find((length) => holders.some((h) => Object.hasOwn(h, steps.slice(i, i + length).join('.'))));
    if (taken === undefined) {
      named.push(wire);
      here = [];
      i += 1;
      continue;
    }
    const key = steps.slice(i, i + taken).join('.');
    named.push(key);
    here = holders.filter((holder) => Object.hasOwn(holder, key)).map((holder) => holder[key]);
    i += taken;
  }
  return named.join('.');
}

/**
 * The domain names fields in camelCase; a REST caller sees the same failure under the names it
 * sent (`sent`: the request's body, query and path parameters as they arrived): snake_case by rule,
 * with a route's own exceptions (`size` → `per_page`), and the caller's own keys exactly as sent.
 */
export function toWireFields(error: ApiError, overrides: Record<string, string> = {}, sent: unknown[] = []): ApiError {
  if (!error.fieldErrors) return error;
  const renamed: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    (renamed[wirePath(field, overrides, sent)] ??= []).push(...messages);
  }
  return error.withFieldErrors(renamed);
}
