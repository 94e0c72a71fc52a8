import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { adapterFactory } from './adapter.ts';
import type { DatabaseTarget } from './provider.ts';

type SchemaEngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');
export type SchemaEngine = Awaited<ReturnType<SchemaEngineModule['SchemaEngine']['new']>>;

let loaded: Promise<SchemaEngineModule> | undefined;

/** Prisma's schema engine compiled to WebAssembly: migrations without a native binary. */
function loadWasm(): Promise<SchemaEngineModule> {
  loaded ??= (async () => {
    const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const pkgDir = path.dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
    const bytes = await readFile(path.join(pkgDir, 'schema_engine_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
    return bg;
  })();
  return loaded;
}

type Disposable = { dispose(): Promise<void> };

/**
 * Runs `work` with a schema engine bound to the target; the engine's connections are closed after,
 * so a later engine or client does not find the SQLite file locked.
 */
export async function withSchemaEngine<T>(
  target: DatabaseTarget,
  datamodel: string,
  work: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const bg = await loadWasm();
  const factory = (await adapterFactory(target)) as unknown as { connect(): Promise<Disposable> };
  const opened: Disposable[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    opened.push(adapter);
    return adapter;
  };
  const adapter = bindMigrationAwareSqlAdapterFactory(factory as never);
  const engine = await bg.SchemaEngine.new({ datamodels: [['schema.prisma', datamodel]] } as never, () => {}, adapter);
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(opened.map((a) => a.dispose()));
  }
}
