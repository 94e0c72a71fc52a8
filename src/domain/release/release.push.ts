import type { Prisma } from '../../db/models.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { databaseTarget } from '../../db/provider.ts';
import { serialWork, type Follower } from '../../events/follower.ts';
import type { PushedRef } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';

type Deps = Omit<ServiceContext, 'viewer'>;

const TAGS = 'refs/tags/';
const isZero = (oid: string) => /^0+$/.test(oid);

/**
 * What tags a push (or the API's tag writes) made or removed do to the release rows, as Gitea's push does it:
 * each new tag gets a tag-only entry unless a row of that tag exists (one INSERT … ON CONFLICT DO NOTHING for
 * the push); each removed tag loses its tag-only entry, and a real release of it turns into a draft with no
 * commit (one DELETE and one UPDATE for the push, whatever the number of tags). Returns the rows touched.
 */
export async function recordTagChanges(deps: Deps, repoId: number, publisherId: number | null, changes: PushedRef[]): Promise<number> {
  const tags = changes.filter((c) => c.ref.startsWith(TAGS));
  if (tags.length === 0) return 0;
  const created = tags.filter((c) => !isZero(c.after));
  const removed = tags.filter((c) => isZero(c.after)).map((c) => c.ref.slice(TAGS.length));
  let touched = 0;
  if (created.length > 0) {
    const now = new Date();
    const rows: Omit<Prisma.ReleaseCreateManyInput, 'id'>[] = created.map((c) => ({
      repoId,
      publisherId,
      tagName: c.ref.slice(TAGS.length),
      target: '',
      title: '',
      note: '',
      sha1: c.after,
      isDraft: false,
      isPrerelease: false,
      isTag: true,
      createdAt: now,
      updatedAt: now,
    }));
    const statements = insertRows(deps.db, databaseTarget(deps.config).provider, 'Release', rows, { onConflictDoNothing: ['repoId', 'tagName'] });
    for (const count of await deps.db.$transaction(statements)) touched += count;
  }
  if (removed.length > 0) {
    const [gone, drafted] = await deps.db.$transaction([
      deps.db.release.deleteMany({ where: { repoId, isTag: true, tagName: { in: removed } } }),
      deps.db.release.updateMany({ where: { repoId, isTag: false, tagName: { in: removed } }, data: { isDraft: true, sha1: '' } }),
    ]);
    touched += gone.count + drafted.count;
  }
  return touched;
}

/**
 * Follows pushes (`repo.push`) and the API's tag writes (`repo.tag`) for as long as the app runs, one after
 * the other, and keeps the tag-only release entries in step with the tags. A failure is reported and the next
 * event goes on.
 */
export function followReleaseTags(deps: Deps, report: (message: string, err: unknown) => void): Follower {
  const { enqueue, follow, signal, follower } = serialWork(report);
  follow(deps.events.subscribe('repo.push', signal), (push) =>
    enqueue(`the tags of a push to repository ${push.repoId} were not recorded as releases`, () => recordTagChanges(deps, push.repoId, push.pusherId, push.changes)),
  );
  follow(deps.events.subscribe('repo.tag', signal), (t) =>
    enqueue(`tag ${t.tag} of repository ${t.repoId} was not recorded as a release`, () =>
      recordTagChanges(deps, t.repoId, t.actorId, [{ ref: TAGS + t.tag, before: t.action === 'created' ? '0' : t.oid, after: t.action === 'created' ? (t.commit ?? t.oid) : '0' }]),
    ),
  );
  return follower;
}
