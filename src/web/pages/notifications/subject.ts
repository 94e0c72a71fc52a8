/** The page of a thread's issue or pull request, at the comment that brought it back when one did (Gitea's anchor). */
export function subjectPath(n: { repository: { fullName: string }; subjectType: string; subjectNumber: number; latestCommentId?: number | null }): string {
  const path = `/${n.repository.fullName}/${n.subjectType === 'Pull' ? 'pulls' : 'issues'}/${n.subjectNumber}`;
  return n.latestCommentId ? `${path}#issuecomment-${n.latestCommentId}` : path;
}
