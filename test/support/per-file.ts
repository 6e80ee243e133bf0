import { afterAll } from 'vitest';

// Files share their worker process (isolate: false), so what one sets in process.env — the CLI
// tests point DATABASE_URL, DATA_DIR and MEDIA_DIR at their own database — must not reach the next.
const env = { ...process.env };

afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
});
