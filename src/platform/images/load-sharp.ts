import type sharpModule from 'sharp';

let loaded: Promise<typeof sharpModule> | undefined;

/**
 * sharp, imported by the first image rendered: importing it maps libvips and its dependencies
 * (about 8 MB resident), which a server that is never sent an upload and seeds nothing never needs.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import('sharp').then(
    (module) => module.default,
    (error: unknown) => {
      // A failed import is tried again by the next image, not remembered for the process's life.
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
