import type { CommandModule } from './command.js';
import { packageInfo } from '../platform/package-info.js';

export const version: CommandModule = {
  async run() {
    const { name, version } = packageInfo();
    return { json: { name, version, node: process.version }, text: `${name} ${version} (Node.js ${process.version})` };
  },
};
