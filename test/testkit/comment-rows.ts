import type { ServerKit } from './use-server.ts';

/** What a test needs to address a comment. */
export interface TestComment {
  id: number;
  issueId: number;
}

/**
 * A comment on an issue, written as the row of the Comment table the comments area writes (type `comment`, the
 * issue's repository, the poster, the body; the issue's comment count raised), for the tests of areas built on
 * comments (reactions, subscriptions, attachments) that need a comment by an account they hold only the id of.
 * It publishes no issue_comment event and leaves no references: tests of those use POST …/comments itself.
 */
export async function commentOn(
  server: Pick<ServerKit, 'app'>,
  repo: { id: number },
  number: number,
  poster: { id: number },
  body = 'a comment',
): Promise<TestComment> {
  const db = server.app.database.db;
  const issue = await db.issue.findUniqueOrThrow({ where: { repoId_number: { repoId: repo.id, number } } });
  const [comment] = await db.$transaction([
    db.comment.create({ data: { issueId: issue.id, repoId: repo.id, type: 'comment', posterId: poster.id, body } }),
    db.issue.update({ where: { id: issue.id }, data: { commentCount: { increment: 1 } } }),
  ]);
  return { id: comment.id, issueId: issue.id };
}
