import type sharpModule from 'sharp';

let loaded: Promise<typeof sharpModule> | undefined;

/**
 * sharp, imported by the first image rendered: importing it maps libvips and its dependencies
 * (about 8 MB resident), which a server that is never sent an upload and seeds nothing never needs.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import('sharp').then((module) => module.default);
  return loaded;
}
