import DataLoader from 'dataloader';
import type { GraphQLContext } from '../../graphql/context.ts';
import type { Commit } from '../../git/objects.ts';
import { lastCommitsOf } from './contents.service.ts';
import { requestScoped } from '../../request-scoped.ts';

export interface LastCommitKey {
  gitDir: string;
  commit: string;
  path: string;
}

const keyOf = (k: LastCommitKey) => `${k.gitDir}\0${k.commit}\0${k.path}`;

/**
 * "Last commit that changed this path", batched per request: all the paths asked for at one commit (a
 * directory listing) cost one `git log` walk together.
 */
function createLastCommitLoader() {
  return new DataLoader<LastCommitKey, Commit | null, string>(
    async (keys) => {
      const groups = new Map<string, { gitDir: string; commit: string; paths: string[] }>();
      for (const k of keys) {
        const group = `${k.gitDir}\0${k.commit}`;
        if (!groups.has(group)) groups.set(group, { gitDir: k.gitDir, commit: k.commit, paths: [] });
        groups.get(group)!.paths.push(k.path);
      }
      const found = new Map<string, Commit>();
      await Promise.all(
        [...groups.values()].map(async (g) => {
          for (const [path, commit] of await lastCommitsOf(g.gitDir, g.commit, g.paths)) found.set(keyOf({ ...g, path }), commit);
        }),
      );
      return keys.map((k) => found.get(keyOf(k)) ?? null);
    },
    { cacheKeyFn: keyOf },
  );
}

const lastCommitLoaders = requestScoped('lastCommitLoader', (_ctx: GraphQLContext) => createLastCommitLoader());

/** The request's last-commit loader (one per GraphQL context). */
export function lastCommitLoader(ctx: GraphQLContext) {
  return lastCommitLoaders.of(ctx);
}
