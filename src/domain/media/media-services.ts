import type { MediaConfig } from '../../config.js';
import { guardedDownload, type Downloaded } from '../../platform/net/guarded-download.js';
import { localDirectoryStorage } from '../../platform/storage/local-directory-storage.js';
import type { Storage } from '../../platform/storage/storage.js';

/** What the media library needs from the process: where files go, where they are served, and its limits. */
export interface MediaServices {
  storage: Storage;
  /** The absolute address files are served under (`<PUBLIC_URL>/media`); a file's URL is this plus its key. */
  baseUrl: string;
  maxBytes: number;
  maxPixels: number;
  /** Downloads a URL behind the SSRF guard (platform/net/guarded-download.ts). */
  download(url: string): Promise<Downloaded>;
}

/** The path the app serves stored files under. */
export const mediaPathPrefix = '/media';

/** At most this many redirects are followed by a download. */
export const maxDownloadRedirects = 3;

/** The media services of a config: the local-directory storage of MEDIA_DIR unless another storage adapter is given. */
export function mediaServices(config: { publicUrl: string; media: MediaConfig }, options: { storage?: Storage } = {}): MediaServices {
  const { media } = config;
  return {
    storage: options.storage ?? localDirectoryStorage(media.dir),
    baseUrl: `${config.publicUrl}${mediaPathPrefix}`,
    maxBytes: media.maxBytes,
    maxPixels: media.maxPixels,
    download: (url) =>
      guardedDownload(url, {
        maxBytes: media.maxBytes,
        timeoutMs: media.fetchTimeoutMs,
        maxRedirects: maxDownloadRedirects,
        allow: media.fetchAllow,
      }),
  };
}
