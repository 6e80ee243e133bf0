import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DownloadRefused, guardedDownload, type DownloadLimits, type ResolveHost } from '../../../src/platform/net/guarded-download.js';
import { redirect, serve, startLocalServer, type LocalServer } from '../../support/media-fixtures.js';

// Issue 6, Images and files: a URL is downloaded behind an SSRF guard. Every hop is resolved once,
// checked (only public unicast addresses), connected to the checked address only; at most 3
// redirects, a size cap and a time cap. MEDIA_FETCH_ALLOW's host:port pairs exist only so this
// suite can reach its own local server; they exempt that pair and nothing else.

let server: LocalServer;
let hostsSeen: string[] = [];

beforeAll(async () => {
  server = await startLocalServer({
    '/ok': serve('picture bytes'),
    '/host': (request, response) => {
      hostsSeen.push(String(request.headers.host));
      response.writeHead(200).end('ok');
    },
    '/to-loopback': (_request, response) => response.writeHead(302, { location: `http://127.0.0.2:${new URL(server.origin).port}/ok` }).end(),
    '/to-localhost': (_request, response) => response.writeHead(302, { location: `http://localhost:${new URL(server.origin).port}/ok` }).end(),
    '/to-metadata': redirect('http://169.254.169.254/latest/meta-data/'),
    '/to-file': redirect('file:///etc/passwd'),
    '/r1': redirect('/r2', 301),
    '/r2': redirect('/r3', 307),
    '/r3': redirect('/ok', 308),
    '/r0': redirect('/r1', 303),
    '/big': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      // No Content-Length: the cap must hold while reading.
      for (let i = 0; i < 10; i += 1) response.write(Buffer.alloc(1000));
      response.end();
    },
    '/declared-big': (_request, response) => response.writeHead(200, { 'content-length': '5000' }).end(Buffer.alloc(5000)),
    '/trickle': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png' });
      const timer = setInterval(() => response.write('x'), 100);
      response.on('close', () => clearInterval(timer));
    },
    '/missing': (_request, response) => response.writeHead(404).end(),
  });
});
afterAll(() => server.close());

function limits(overrides: Partial<DownloadLimits> = {}): DownloadLimits {
  return { maxBytes: 4000, timeoutMs: 5000, maxRedirects: 3, allow: [server.hostPort], ...overrides };
}

async function refusal(url: string, options: Partial<DownloadLimits> = {}): Promise<string> {
  try {
    await guardedDownload(url, limits(options));
  } catch (error) {
    if (error instanceof DownloadRefused) return error.message;
    throw error;
  }
  throw new Error(`${url} was downloaded`);
}

const internal = 'resolves to a private, loopback or otherwise internal address';

describe('guardedDownload: addresses', () => {
  it('downloads from an allowed local server', async () => {
    const downloaded = await guardedDownload(`${server.origin}/ok`, limits());
    expect({ data: downloaded.data.toString(), url: downloaded.url, type: downloaded.contentType }).toEqual({
      data: 'picture bytes',
      url: `${server.origin}/ok`,
      type: 'image/png',
    });
  });

  it('refuses the same local server when it is not on the allowlist', async () => {
    expect(await refusal(`${server.origin}/ok`, { allow: [] })).toBe(internal);
  });

  it.each([
    ['IPv4 loopback', 'http://127.0.0.1/'],
    ['loopback, not only 127.0.0.1', 'http://127.8.9.10/'],
    ['decimal IPv4 (2130706433 = 127.0.0.1)', 'http://2130706433/'],
    ['octal IPv4', 'http://0177.0.0.1/'],
    ['hex IPv4', 'http://0x7f.1/'],
    ['private 10/8', 'http://10.1.2.3/'],
    ['private 172.16/12', 'http://172.16.0.1/'],
    ['private 192.168/16', 'http://192.168.1.1/'],
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['carrier-grade NAT', 'http://100.64.0.1/'],
    ['unspecified', 'http://0.0.0.0/'],
    ['broadcast', 'http://255.255.255.255/'],
    ['multicast', 'http://224.0.0.1/'],
    ['reserved (documentation)', 'http://192.0.2.1/'],
    ['IPv6 loopback', 'http://[::1]/'],
    ['IPv6 unspecified', 'http://[::]/'],
    ['IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/'],
    ['IPv4-mapped loopback in hex', 'http://[::ffff:7f00:1]/'],
    ['IPv4-mapped metadata', 'http://[::ffff:a9fe:a9fe]/'],
    ['IPv4-compatible loopback', 'http://[::127.0.0.1]/'],
    ['unique-local', 'http://[fd00::1]/'],
    ['AWS IPv6 metadata', 'http://[fd00:ec2::254]/'],
    ['link-local', 'http://[fe80::1]/'],
    ['IPv6 multicast', 'http://[ff02::1]/'],
    ['NAT64 of loopback', 'http://[64:ff9b::7f00:1]/'],
    ['6to4 of loopback', 'http://[2002:7f00:1::]/'],
    ['Teredo', 'http://[2001::1]/'],
    ['https to loopback', 'https://127.0.0.1/'],
  ])('refuses %s (%s)', async (_name, url) => {
    expect(await refusal(url)).toBe(internal);
  });

  it('refuses a host name that resolves to loopback (localhost, by the system resolver)', async () => {
    expect(await refusal(`http://localhost:${new URL(server.origin).port}/ok`)).toBe(internal);
  });

  it('refuses a host name when any one of its addresses is internal', async () => {
    const resolve: ResolveHost = async (host) =>
      host === 'mixed.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : [{ address: 'fd12::1', family: 6 }];
    expect(await refusal('http://mixed.test/a.png', { resolve })).toBe(internal);
    expect(await refusal('http://v6.test/a.png', { resolve })).toBe(internal);
  });

  it('refuses a host name that does not resolve', async () => {
    const resolve: ResolveHost = async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    };
    expect(await refusal('http://nowhere.test/a.png', { resolve })).toBe('has a host name that does not resolve (nowhere.test)');
  });

  it('resolves a host once and connects to the checked address, keeping the host name in Host', async () => {
    const port = new URL(server.origin).port;
    const lookups: string[] = [];
    // A resolver that would answer a private address on a second lookup (a DNS rebind) is asked only once.
    const resolve: ResolveHost = async (host) => {
      lookups.push(host);
      return [{ address: lookups.length === 1 ? '127.0.0.1' : '10.9.9.9', family: 4 }];
    };
    hostsSeen = [];
    const downloaded = await guardedDownload(`http://pinned.test:${port}/host`, limits({ allow: [`pinned.test:${port}`], resolve }));
    expect({ body: downloaded.data.toString(), lookups, hostsSeen }).toEqual({ body: 'ok', lookups: ['pinned.test'], hostsSeen: [`pinned.test:${port}`] });
  });
});

describe('guardedDownload: redirects', () => {
  it('re-checks every redirect: an allowed server cannot send the download to loopback', async () => {
    expect(await refusal(`${server.origin}/to-loopback`)).toBe(internal);
    expect(await refusal(`${server.origin}/to-localhost`)).toBe(internal);
    expect(await refusal(`${server.origin}/to-metadata`)).toBe(internal);
  });

  it('refuses a redirect to another scheme', async () => {
    expect(await refusal(`${server.origin}/to-file`)).toBe('must be an http or https URL');
  });

  it('follows 3 redirects and refuses a fourth', async () => {
    const downloaded = await guardedDownload(`${server.origin}/r1`, limits());
    expect({ data: downloaded.data.toString(), url: downloaded.url }).toEqual({ data: 'picture bytes', url: `${server.origin}/ok` });
    expect(await refusal(`${server.origin}/r0`)).toBe('was refused: too many redirects (more than 3)');
  });
});

describe('guardedDownload: URLs, size and time', () => {
  it.each(['file:///etc/passwd', 'ftp://example.com/a.png', 'gopher://example.com/', 'data:image/png;base64,AAAA', 'javascript:alert(1)'])(
    'refuses the scheme of %s',
    async (url) => {
      expect(await refusal(url)).toBe('must be an http or https URL');
    },
  );

  it('refuses text that is no URL, and a URL with credentials', async () => {
    expect(await refusal('not a url')).toBe('is not a valid URL');
    expect(await refusal('http://user:secret@example.com/a.png')).toBe('must not carry a user name or password');
  });

  it('stops reading past the size cap, declared or not', async () => {
    expect(await refusal(`${server.origin}/big`)).toBe('is larger than 4000 bytes');
    expect(await refusal(`${server.origin}/declared-big`)).toBe('is larger than 4000 bytes');
  });

  it('gives up on a server that trickles past the time cap', async () => {
    expect(await refusal(`${server.origin}/trickle`, { timeoutMs: 500 })).toBe('timed out after 0.5 s');
  });

  it('names the status of an answer that is not a success', async () => {
    expect(await refusal(`${server.origin}/missing`)).toBe('could not be downloaded: the server answered HTTP 404');
  });
});
