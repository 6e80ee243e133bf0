import { z } from 'zod';

type Shape = Record<string, z.ZodType>;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * A nested field in a body that may be multipart/form-data: there it arrives as one text part
 * holding JSON, which is decoded before the field's own rules run; in a JSON body it is the value itself.
 */
export function jsonPart<S extends z.ZodType>(schema: S) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be valid JSON (in a multipart body, this field is one part holding JSON text)' });
      return z.NEVER;
    }
  }, schema);
}

export interface WireObjectOptions {
  /** Fields whose multipart form is one part of JSON text (`metadata`, lists of objects). */
  jsonParts?: readonly string[];
  /** Wire schemas that replace a domain field's own (a nested object's wire form). */
  wireFields?: Record<string, z.ZodType>;
}

/**
 * The wire form of a domain shape: the same field rules under snake_case names, a field the
 * operation does not know refused by its name, and the parsed body handed on under the domain's
 * camelCase names. One shape thus serves a JSON body, a multipart body and GraphQL alike.
 */
export function wireObject<S extends Shape>(shape: S, options: WireObjectOptions = {}) {
  const toDomain = new Map<string, string>();
  const wireShape: Shape = {};
  for (const [name, schema] of Object.entries(shape)) {
    const wire = snakeCase(name);
    toDomain.set(wire, name);
    const own = options.wireFields?.[name] ?? schema;
    wireShape[wire] = options.jsonParts?.includes(name) ? jsonPart(own) : own;
  }
  return z
    .preprocess(
      (body, ctx) => {
        if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
        for (const key of Object.keys(body)) {
          if (!toDomain.has(key)) ctx.addIssue({ code: 'custom', path: [key], message: 'is not a field of this operation' });
        }
        return body;
      },
      z.strictObject(wireShape, { error: 'must be an object' }),
    )
    .transform((body) => {
      const domain: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(body)) if (value !== undefined) domain[toDomain.get(key)!] = value;
      return domain as { [K in keyof S]: z.output<S[K]> };
    });
}
