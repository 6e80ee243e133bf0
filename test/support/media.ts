import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config.js';
import { mediaServices, type MediaServices } from '../../src/domain/media/media-services.js';

/** A fresh media directory under the system's temporary directory, so tests never write into the repository. */
export function temporaryMediaDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'bazaar-media-'));
}

/** Media services on a temporary directory, served under the test app's public URL. */
export function testMediaServices(env: Record<string, string> = {}): MediaServices {
  return mediaServices(loadConfig({ PUBLIC_URL: 'http://bazaar.test', MEDIA_DIR: temporaryMediaDir(), ...env }));
}
