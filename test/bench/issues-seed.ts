/**
 * The large issue tracker of the bench: issues, their labels and comments written straight into the bench
 * server's database (multi-row INSERTs in one transaction, through the server's own client so that its caches
 * hear of the writes), with the repository's and labels' counters set as the service would have set them.
 * Opening 100,000 issues through the API would take the bench far longer than measuring them.
 */
import type { Db } from '../../src/db/client.ts';
import { insertRows } from '../../src/db/insert-rows.ts';
import type { Provider } from '../../src/db/provider.ts';
import { settleAfterBulkWrite } from './settle.ts';

export interface IssueSeed {
  repoId: number;
  posterId: number;
  labelIds: number[];
  issues: number;
  commentsPerIssue: number;
  /** Every n-th issue is closed. */
  closedEvery: number;
}

export async function seedIssues(db: Db, provider: Provider, seed: IssueSeed): Promise<{ open: number }> {
  const start = Date.UTC(2020, 0, 1);
  const issues = Array.from({ length: seed.issues }, (_, i) => {
    const number = i + 1;
    const createdAt = new Date(start + number * 60_000);
    const closed = number % seed.closedEvery === 0;
    return {
      repoId: seed.repoId,
      number,
      posterId: seed.posterId,
      title: `issue ${number}`,
      body: `the text of issue ${number}`,
      isClosed: closed,
      commentCount: seed.commentsPerIssue,
      createdAt,
      updatedAt: createdAt,
      closedAt: closed ? createdAt : null,
    };
  });
  const open = issues.filter((i) => !i.isClosed).length;
  // Rows in chunks of 20,000, each its own transaction: Prisma ends a transaction that runs over 5 s, which one of
  // 100,000 rows does on PostgreSQL.
  const CHUNK = 20_000;
  for (let at = 0; at < issues.length; at += CHUNK) await db.$transaction(insertRows(db, provider, 'Issue', issues.slice(at, at + CHUNK)));
  const ids = await db.issue.findMany({ where: { repoId: seed.repoId }, select: { id: true, number: true }, orderBy: { number: 'asc' } });
  const labelOf = (number: number) => seed.labelIds[number % seed.labelIds.length];
  const links = ids.map((i) => ({ issueId: i.id, labelId: labelOf(i.number) }));
  for (let at = 0; at < links.length; at += CHUNK) await db.$transaction(insertRows(db, provider, 'IssueLabel', links.slice(at, at + CHUNK)));
  await db.$transaction([
    db.repository.update({
      where: { id: seed.repoId },
      data: { issueCounter: seed.issues, issueCount: seed.issues, closedIssueCount: seed.issues - open },
    }),
    ...seed.labelIds.map((labelId, index) => {
      const carrying = issues.filter((i) => labelOf(i.number) === seed.labelIds[index]);
      return db.label.update({ where: { id: labelId }, data: { issueCount: carrying.length, closedIssueCount: carrying.filter((i) => i.isClosed).length } });
    }),
  ]);
  // Comments in chunks too: each transaction also stays small enough for the driver's memory.
  const comments = ids.flatMap((issue) =>
    Array.from({ length: seed.commentsPerIssue }, (_, k) => {
      const createdAt = new Date(start + issue.number * 60_000 + (k + 1) * 1000);
      return { issueId: issue.id, repoId: seed.repoId, type: 'comment', posterId: seed.posterId, body: `comment ${k + 1}`, createdAt, updatedAt: createdAt };
    }),
  );
  for (let at = 0; at < comments.length; at += CHUNK) await db.$transaction(insertRows(db, provider, 'Comment', comments.slice(at, at + CHUNK)));
  await settleAfterBulkWrite(db, provider, ['Issue', 'IssueLabel', 'Label', 'Comment']);
  return { open };
}
