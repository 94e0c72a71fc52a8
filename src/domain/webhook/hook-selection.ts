import type { Db } from '../../db/client.ts';
import type { Webhook } from '../../db/models.ts';

/** The kinds of hook rows (Webhook.kind). "default" hooks are templates: they deliver nothing themselves. */
export type HookKind = 'repo' | 'owner' | 'system' | 'default';

/** The hooks that may get the events of some repositories, and which of them cover one repository. */
export interface HookSelection {
  /** The hooks covering a repository: its own, its owner's, and the system hooks. */
  hooksOf(repoId: number): Webhook[];
}

const NONE: HookSelection = { hooksOf: () => [] };

/**
 * Reads, for the events of a batch of repositories, every hook that covers one of them (Gitea's
 * PrepareWebhooks: the repository's hooks, its owner's hooks, the system hooks): one read of the hooks and one
 * of the repositories' owners, side by side, whatever the number of repositories or hooks. Only hooks that
 * existed when the events happened (`madeBy`) are read. `knownOwners` names the owners of repositories whose rows are gone.
 */
export async function selectHooks(db: Db, repoIds: readonly number[], madeBy?: Date, knownOwners?: ReadonlyMap<number, number>): Promise<HookSelection> {
  if (repoIds.length === 0) return NONE;
  const ids = [...new Set(repoIds)];
  const [repos, hooks] = await Promise.all([
    db.repository.findMany({ where: { id: { in: ids } }, select: { id: true, ownerId: true } }),
    db.webhook.findMany({
      where: {
        OR: [
          { kind: 'repo', repoId: { in: ids } },
          { kind: 'owner', owner: { repositories: { some: { id: { in: ids } } } } },
          ...(knownOwners?.size ? [{ kind: 'owner', ownerId: { in: [...knownOwners.values()] } }] : []),
          { kind: 'system' },
        ],
        // A hook made after the event (`madeBy`: when it was logged) does not get it.
        ...(madeBy ? { createdAt: { lte: madeBy } } : {}),
      },
      orderBy: { id: 'asc' },
    }),
  ]);
  // A repository already deleted has no row: its owner is given (`knownOwners`).
  const ownerOf = new Map([...(knownOwners ?? []), ...repos.map((r) => [r.id, r.ownerId] as const)]);
  return {
    hooksOf: (repoId) =>
      hooks.filter((h) => (h.kind === 'repo' ? h.repoId === repoId : h.kind === 'owner' ? h.ownerId !== null && h.ownerId === ownerOf.get(repoId) : h.kind === 'system')),
  };
}
