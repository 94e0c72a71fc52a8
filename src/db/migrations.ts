import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fromProjectRoot } from '../paths.ts';
import type { Provider } from './provider.ts';

export const prismaDir = fromProjectRoot('prisma');

export function migrationsDir(provider: Provider) {
  return path.join(prismaDir, 'migrations', provider);
}

/** The hand-written data model with its datasource provider set for `provider`. */
export function datamodelFor(provider: Provider): string {
  const text = readFileSync(path.join(prismaDir, 'schema.prisma'), 'utf8');
  return text.replace(/provider\s*=\s*"sqlite"/, `provider = "${provider}"`);
}

/** A migrations folder in the shape the schema engine expects. */
export function migrationList(provider: Provider) {
  const baseDir = migrationsDir(provider);
  const lockPath = path.join(baseDir, 'migration_lock.toml');
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    : [];
  return {
    baseDir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((name) => ({
      path: name,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok' as const, value: readFileSync(path.join(baseDir, name, 'migration.sql'), 'utf8') },
      },
    })),
  };
}
