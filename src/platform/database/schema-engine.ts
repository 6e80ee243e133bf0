import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlDriverAdapter, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

const require = createRequire(import.meta.url);

let wasmReady: Promise<typeof import('@prisma/schema-engine-wasm/schema_engine_bg')> | undefined;

// The native schema engine cannot be downloaded on these machines; the wasm build is
// instantiated by hand because its ESM entry needs an experimental loader flag.
function loadWasm() {
  wasmReady ??= (async () => {
    const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasmPath = path.join(path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    const { instance } = await WebAssembly.instantiate(await readFile(wasmPath), { './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports });
    const exports = instance.exports as Record<string, unknown> & { __wbindgen_start: () => void };
    (bg as unknown as { __wbg_set_wasm: (e: unknown) => void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return bg;
  })();
  return wasmReady;
}

export interface SchemaFile {
  path: string;
  content: string;
}

export interface OpenEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes the connections it opened. */
  close(): Promise<void>;
}

/**
 * The engine never closes the connections it asks the factory for, and it leaves its migration
 * advisory lock to die with the session: every connection it opened is disposed on close, so
 * the next process does not wait on a lock held by an idle pool.
 */
export async function openSchemaEngine(schema: SchemaFile, adapterFactory?: SqlMigrationAwareDriverAdapterFactory): Promise<OpenEngine> {
  const bg = await loadWasm();
  const opened: SqlDriverAdapter[] = [];
  const tracked: SqlMigrationAwareDriverAdapterFactory | undefined = adapterFactory && {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => {
      const adapter = await adapterFactory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await adapterFactory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  const log = () => undefined;
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schema.path, schema.content]] },
    log,
    (tracked ? bindMigrationAwareSqlAdapterFactory(tracked) : undefined) as object,
  );
  return {
    engine,
    async close() {
      engine.free();
      await Promise.all(opened.map((adapter) => adapter.dispose()));
    },
  };
}
