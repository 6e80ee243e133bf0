// Loader hooks of report-imports.mjs; they run on the loader's thread, hence the synchronous write.
import { writeSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  writeSync(2, `imported ${url}\n`);
  return nextLoad(url, context);
}
