import type { Topic } from '../../db/models.ts';
import type { Tx } from '../../db/client.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';

/**
 * The site's topics: a Topic row per name any repository has carried, linked to the repositories carrying it
 * (RepoTopic, kept beside Repository.topics in the same transaction), so a search counts them in SQL.
 */

export interface TopicWithCount {
  topic: Topic;
  repoCount: number;
}

/**
 * Makes a repository's topic links match `names` (already normalized): new names get a Topic row, links come
 * and go, and every topic gained or lost is marked updated. Runs in the caller's transaction.
 */
export async function linkTopics(tx: Tx, repoId: number, names: readonly string[]): Promise<void> {
  const current = await tx.repoTopic.findMany({ where: { repoId }, select: { topicId: true, topic: { select: { name: true } } } });
  const had = new Set(current.map((l) => l.topic.name));
  const removed = current.filter((l) => !names.includes(l.topic.name)).map((l) => l.topicId);
  const added = names.filter((n) => !had.has(n));
  if (removed.length) await tx.repoTopic.deleteMany({ where: { repoId, topicId: { in: removed } } });
  if (!added.length && !removed.length) return;
  const now = new Date();
  const topics = await Promise.all(added.map((name) => tx.topic.upsert({ where: { name }, create: { name }, update: {}, select: { id: true } })));
  if (topics.length) await tx.repoTopic.createMany({ data: topics.map((t) => ({ repoId, topicId: t.id })) });
  await tx.topic.updateMany({ where: { id: { in: [...removed, ...topics.map((t) => t.id)] } }, data: { updatedAt: now } });
}

/** Topics whose name contains `keyword` (any, when empty), most used first, each with its number of repositories. */
export function searchTopics(ctx: Pick<ServiceContext, 'db'>, keyword: string | null | undefined, window: PageWindow): Promise<Page<TopicWithCount>> {
  const q = keyword?.trim().toLowerCase();
  const where = q ? { name: { contains: q } } : {};
  return pageFrom(
    ctx.db.topic.findMany({
      where,
      include: { _count: { select: { repos: true } } },
      orderBy: [{ repos: { _count: 'desc' } }, { name: 'asc' }],
      skip: window.offset,
      take: window.limit,
    }),
    ctx.db.topic.count({ where }),
    ({ _count, ...topic }) => ({ topic, repoCount: _count.repos }),
  );
}
