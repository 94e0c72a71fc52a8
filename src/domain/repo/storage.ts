import path from 'node:path';
import type { Config } from '../../config/defaults.ts';

/** Where a repository's bare git directory lives. Keyed by id: renames and transfers move no files. */
export function repositoryPath(config: Config, repoId: number): string {
  return path.join(config.server.DATA_DIR, 'repositories', `${repoId}.git`);
}

/** Where a repository's wiki lives: a bare repository of its own beside the repository's, keyed by the same id. */
export function wikiRepositoryPath(config: Config, repoId: number): string {
  return path.join(config.server.DATA_DIR, 'repositories', `${repoId}.wiki.git`);
}
