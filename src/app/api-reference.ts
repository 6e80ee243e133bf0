import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { htmlPageHeaders } from '../http/security-headers.js';
import type { AppDeps } from './app-deps.js';
import { packageInfo } from '../platform/package-info.js';
import { openApiDocument } from '../rest/kit/openapi.js';
import { MERCHANT_PREFIX, merchantRoutes } from '../rest/merchant/routes.js';
import { STOREFRONT_PREFIX, storefrontRoutes } from '../rest/storefront/routes.js';

const require = createRequire(import.meta.url);
const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerUiVersion: string = require('swagger-ui-dist/package.json').version;

/** The versioned asset path lets browsers cache Swagger UI for a year: a new version is a new URL. */
const assetsPrefix = `/docs/api/assets/${swaggerUiVersion}/`;

export function apiDocuments(publicUrl: string) {
  const bazaarVersion = packageInfo().version;
  return {
    storefront: openApiDocument({
      title: 'Bazaar Storefront API',
      version: bazaarVersion,
      description: "The shopper-facing API of one store. Contract: docs/storefront-api.md. Every call sends the store's key in X-Client-Key.",
      serverUrl: `${publicUrl}${STOREFRONT_PREFIX}`,
      routes: storefrontRoutes,
    }),
    merchant: openApiDocument({
      title: 'Bazaar Merchant API',
      version: bazaarVersion,
      description: "The server-side API of one store, for a private key with scopes. Contract: docs/merchant-api.md. Scopes are the key's whole permission.",
      serverUrl: `${publicUrl}${MERCHANT_PREFIX}`,
      routes: merchantRoutes,
    }),
  };
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Bazaar API reference</title>
<link rel="icon" type="image/png" sizes="32x32" href="${assetsPrefix}favicon-32x32.png">
<link rel="icon" type="image/png" sizes="16x16" href="${assetsPrefix}favicon-16x16.png">
<link rel="stylesheet" href="${assetsPrefix}swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assetsPrefix}swagger-ui-bundle.js"></script>
<script src="${assetsPrefix}swagger-ui-standalone-preset.js"></script>
<script src="/docs/api/init.js"></script>
</body>
</html>
`;

// An external script, not an inline one, so the page runs under a Content-Security-Policy without 'unsafe-inline'.
const init = `window.ui = SwaggerUIBundle({
  urls: [
    { url: '/openapi/storefront.json', name: 'Storefront API (/v1)' },
    { url: '/openapi/merchant.json', name: 'Merchant API (/api/v1/merchant)' }
  ],
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout'
});
`;

/** The two OpenAPI documents and a browsable reference page, all served by Bazaar itself (no CDN). */
export async function registerApiReference(app: FastifyInstance, deps: AppDeps) {
  const documents = apiDocuments(deps.config.publicUrl);
  app.get('/openapi/storefront.json', async () => documents.storefront);
  app.get('/openapi/merchant.json', async () => documents.merchant);
  // Swagger UI sets inline styles (React style attributes) and draws its icons as data: images.
  const pageHeaders = htmlPageHeaders({ script: ["'self'"], style: ["'self'", "'unsafe-inline'"], img: ["'self'", 'data:'], connect: ["'self'"] });
  app.get('/docs/api', { helmet: pageHeaders }, async (_request, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/docs/api/init.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(init));
  await app.register(fastifyStatic, {
    root: swaggerUiDir,
    prefix: assetsPrefix,
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
    allowedPath: (pathname) => /^\/(swagger-ui\.css|swagger-ui-bundle\.js|swagger-ui-standalone-preset\.js|favicon-(16x16|32x32)\.png)$/.test(pathname),
  });
}
