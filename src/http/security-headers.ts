import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Helmet's own options, as the reply decorator takes them. */
type HeaderOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;

/** Every answer, JSON included: the browser must take the declared Content-Type as it is. */
const everyAnswer = {
  xContentTypeOptions: true,
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
} satisfies HeaderOptions;

/** Where an HTML page may load from, beyond nothing at all (`default-src 'none'`). CSP source expressions, such as "'self'" or a hash. */
export interface PageSources {
  script?: string[];
  style?: string[];
  img?: string[];
  font?: string[];
  connect?: string[];
  worker?: string[];
  /** Where the page's forms may post (the hosted checkout and pay pages post to themselves). */
  form?: string[];
}

/** A CSP source expression allowing exactly one inline script or style: its SHA-256. */
export function cspHashOf(inline: string): string {
  return `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;
}

/**
 * The headers of an HTML page Bazaar serves (GraphiQL, /docs/errors, the API reference): a
 * Content-Security-Policy that loads nothing but the sources named (inline scripts only by hash),
 * no framing anywhere, no referrer, and the page isolated from other origins' windows. HSTS is
 * left to the TLS-terminating proxy.
 */
export function htmlPageHeaders(sources: PageSources = {}): HeaderOptions {
  const allowed = (list: string[] | undefined) => (list?.length ? list : undefined);
  const directives = Object.fromEntries(
    Object.entries({
      defaultSrc: ["'none'"],
      scriptSrc: allowed(sources.script),
      styleSrc: allowed(sources.style),
      imgSrc: allowed(sources.img),
      fontSrc: allowed(sources.font),
      connectSrc: allowed(sources.connect),
      workerSrc: allowed(sources.worker),
      baseUri: ["'none'"],
      formAction: allowed(sources.form) ?? ["'none'"],
      frameAncestors: ["'none'"],
    }).filter(([, value]) => value !== undefined),
  ) as Record<string, string[]>;
  return {
    ...everyAnswer,
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: true,
  };
}

/**
 * Puts an HTML page's headers on one answer, for a page that shares its route with an API (GraphiQL
 * on GET /graphql) or whose routes a plugin declares (in that plugin's scope:
 * `scope.addHook('onRequest', async (_request, reply) => applyHtmlPageHeaders(reply, sources))`).
 * A route of our own can pass `{ helmet: htmlPageHeaders(sources) }` in its options instead.
 */
export function applyHtmlPageHeaders(reply: FastifyReply, sources: PageSources = {}) {
  reply.helmet(htmlPageHeaders(sources));
}

/** Registered before every route: each answer gets X-Content-Type-Options: nosniff, and pages opt in to the rest. */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, { global: true, ...everyAnswer });
}
