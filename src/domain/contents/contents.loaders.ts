import DataLoader from 'dataloader';
import type { Commit } from '../../git/objects.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import { lastCommitsOf } from './contents.service.ts';

export interface LastCommitKey {
  gitDir: string;
  commit: string;
  path: string;
}

const keyOf = (k: LastCommitKey) => `${k.gitDir}\0${k.commit}\0${k.path}`;

export const CONTENTS_LOADERS = defineLoaders('contents', {
  /**
   * "Last commit that changed this path", batched per request: all the paths asked for at one commit (a
   * directory listing) cost one `git log` walk together.
   */
  lastCommit: () =>
    new DataLoader<LastCommitKey, Commit | null, string>(
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
    ),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof CONTENTS_LOADERS> {}
}
