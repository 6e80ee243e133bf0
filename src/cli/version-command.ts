import type { Command } from './command.js';
import { packageInfo } from '../platform/package-info.js';

export const version: Command = {
  summary: 'Print the version of Bazaar and of Node.js (also --version); opens no database.',
  flags: {},
  required: [],
  async run() {
    const { name, version } = packageInfo();
    return { json: { name, version, node: process.version }, text: `${name} ${version} (Node.js ${process.version})` };
  },
};
