// Preloaded by test/server-imports.test.ts: writes `imported <url>` to stderr for every module the
// process loads through the ESM loader (its entry points of CommonJS packages too).
import { register } from 'node:module';

register('./report-imports-hooks.mjs', import.meta.url);
