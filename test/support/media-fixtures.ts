import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A solid-colour picture of this size, in a format sharp writes. */
export function picture(width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png', background = '#3366cc'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart/form-data body as a browser sends it; a part with `data` is a file part. */
export async function multipartBody(
  parts: Record<string, string | { filename: string; type: string; data: Buffer }>,
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([new Uint8Array(part.data)], { type: part.type }), part.filename);
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
}

export interface LocalServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`, as MEDIA_FETCH_ALLOW names it. */
  hostPort: string;
  close(): Promise<void>;
}

/** A local HTTP server for downloads, answering each path with its handler (404 otherwise). */
export async function startLocalServer(routes: Record<string, http.RequestListener>): Promise<LocalServer> {
  const server = http.createServer((request, response) => {
    const handler = routes[new URL(request.url ?? '/', 'http://x').pathname];
    if (handler) return handler(request, response);
    response.writeHead(404).end('not here');
  });
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering these bytes with this Content-Type. */
export function serve(data: Buffer | string, type = 'image/png'): http.RequestListener {
  return (_request, response) => response.writeHead(200, { 'content-type': type }).end(data);
}

/** A handler redirecting to `location`. */
export function redirect(location: string, status = 302): http.RequestListener {
  return (_request, response) => response.writeHead(status, { location }).end();
}
