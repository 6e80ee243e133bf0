import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyHtmlPageHeaders, cspHashOf, type PageSources } from '../http/security-headers.js';
import { staticAssets } from '../http/static-assets.js';

/** What the page hands GraphiQL (Yoga's GraphiQL options). */
export interface GraphiqlOptions {
  title: string;
  defaultEditorToolsTab: 'headers' | 'variables';
  headers: string;
  defaultQuery: string;
}

export interface GraphiqlPage {
  /** Declares the asset routes in a scope (its hooks rate-limit them). */
  assetRoutes(scope: FastifyInstance): void;
  send(reply: FastifyReply, options: GraphiqlOptions): Promise<FastifyReply>;
}

/** A browser asking /graphql for a page, as Yoga decides it. */
export function wantsGraphiql(request: FastifyRequest) {
  return request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
}

/** JSON inside <script type="application/json">: escaping "<" means no value can close the element. */
function jsonInScriptElement(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

/**
 * GraphiQL as Yoga's render-graphiql builds it, split apart: @graphql-yoga/render-graphiql exports
 * its bundle, stylesheet, Monaco's three workers and the favicon as strings, and would inline all of
 * them (8.6 MB) into every page. Here they are static assets under `assetPrefix` (content-hashed,
 * compressed, cached as immutable), and the page is a few kilobytes of HTML: the options as a JSON
 * data block, and one inline script, allowed by its hash, that points Monaco at its workers and
 * renders GraphiQL.
 */
export function graphiqlPage(assetPrefix: string): GraphiqlPage {
  const script = 'application/javascript; charset=utf-8';
  // Imported by the first page or asset asked for: the bundle and its workers are tens of megabytes in memory once loaded.
  const assets = staticAssets(assetPrefix, async () => {
    const { css, editorWorkerService, favicon, graphqlWorker, js, jsonWorker } = await import('@graphql-yoga/render-graphiql/graphiql');
    return [
      { name: 'graphiql.js', type: script, body: js },
      { name: 'graphiql.css', type: 'text/css; charset=utf-8', body: css },
      { name: 'editor.worker.js', type: script, body: editorWorkerService },
      { name: 'json.worker.js', type: script, body: jsonWorker },
      { name: 'graphql.worker.js', type: script, body: graphqlWorker },
      { name: 'favicon.ico', type: 'image/x-icon', body: Buffer.from(favicon.slice(favicon.indexOf(',') + 1), 'base64') },
    ];
  });
  let built: Promise<{ urls: Record<string, string>; boot: string; sources: PageSources }> | undefined;
  const page = () =>
    (built ??= assets.urls().then(pageParts, (error: unknown) => {
      built = undefined;
      throw error;
    }));

  return {
    assetRoutes: assets.routes,
    async send(reply, options) {
      const { urls, boot, sources } = await page();
      applyHtmlPageHeaders(reply, sources);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<link rel="icon" href="${urls['favicon.ico']}">
<link rel="stylesheet" href="${urls['graphiql.css']}">
</head>
<body id="body" class="no-focus-outline">
<noscript>GraphiQL needs JavaScript.</noscript>
<div id="root"></div>
<script type="application/json" id="graphiql-options">${jsonInScriptElement(options)}</script>
<script src="${urls['graphiql.js']}"></script>
<script>${boot}</script>
</body>
</html>
`,
        );
    },
  };
}

/** The page's boot script, which points Monaco at its workers and renders GraphiQL, and the sources its policy allows. */
function pageParts(urls: Record<string, string>) {
  const workers = { editorWorkerService: urls['editor.worker.js'], json: urls['json.worker.js'], graphql: urls['graphql.worker.js'] };
  const boot = [
    `self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: function (moduleId, label) { return ${JSON.stringify(workers)}[label]; } };`,
    "YogaGraphiQL.renderYogaGraphiQL(document.getElementById('root'), JSON.parse(document.getElementById('graphiql-options').textContent));",
  ].join('\n');
  const sources: PageSources = {
    script: ["'self'", cspHashOf(boot)],
    // Monaco and GraphiQL's React components set style attributes and add <style> elements as they run.
    style: ["'self'", "'unsafe-inline'"],
    img: ["'self'", 'data:'],
    font: ["'self'", 'data:'],
    connect: ["'self'"],
    worker: ["'self'"],
  };
  return { urls, boot, sources };
}
