import { requireUser } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { forbidden, invalid } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { IssueAssignEvent } from '../../events/topics.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { satisfies } from '../access/access.service.ts';
import type { RepositoryWithOwner } from '../repo/repo.service.ts';
import { findUserByLogin } from '../user/user.service.ts';
import { assignable, canBeAssigned, listAssignees } from './assignable.ts';
import { ISSUES_READ, issueRepository, loadIssue, signedIn, timeline, type IssueView } from './issue.service.ts';

/**
 * Assignees: who may be assigned in a repository (Gitea's /assignees), whether one person may, and adding or
 * removing assignees of one issue. The rule itself is ./assignable.ts (Gitea's CanBeAssigned, and the poster).
 */

/**
 * The people who may be assigned to the repository's issues, by login. The repository is one the viewer reads
 * (the GraphQL lookup that found it checked that, as Gitea's reqAnyRepoReader does).
 */
export function repositoryAssignees(ctx: ServiceContext, repo: RepositoryWithOwner, window: PageWindow): Promise<Page<User>> {
  requireUser(ctx.viewer);
  return listAssignees(ctx, repo, window);
}

/** Whether the account `login` may be assigned to the repository's issues; false for a login no account has. */
export async function isAssignable(ctx: ServiceContext, repo: RepositoryWithOwner, login: string): Promise<boolean> {
  requireUser(ctx.viewer);
  const user = await findUserByLogin(ctx, login);
  return !!user && (await canBeAssigned(ctx, repo, user));
}

/** Whether the account `login` may be assigned to this issue: as isAssignable, or the issue's poster. */
export async function isAssignableTo(ctx: ServiceContext, view: IssueView, login: string): Promise<boolean> {
  const user = await findUserByLogin(ctx, login);
  if (!user) return false;
  return user.id === view.issue.posterId || canBeAssigned(ctx, view.repo, user);
}

/** The issue whose assignees change, with the caller allowed to change them (write access to its issues or pulls). */
async function assignedIssue(ctx: ServiceContext, owner: string, name: string, number: number) {
  const actor = signedIn(ctx);
  const { repo, permission } = await issueRepository(ctx, owner, name, ISSUES_READ);
  const issue = await loadIssue(ctx.db, repo.id, number);
  if (!satisfies(permission, { unit: issue.isPull ? 'repo.pulls' : 'repo.issues', level: 'write' })) {
    throw forbidden(`write permission to the ${issue.isPull ? 'pull requests' : 'issues'} of ${repo.owner.login}/${repo.name} is required to change assignees`);
  }
  return { actor, repo, issue };
}

type Change = Pick<IssueAssignEvent, 'action' | 'assigneeId'>;

/**
 * Assigns the accounts of `logins` to an issue besides those it has; each must be assignable (write access,
 * or the poster): a login no account has, an organization and anyone else are 422 and nothing changes.
 * Each account assigned gets its `assignees` timeline row and `issue_assign` event; those already assigned
 * are left as they are.
 */
export async function addIssueAssignees(ctx: ServiceContext, owner: string, name: string, number: number, logins: readonly string[]): Promise<IssueView> {
  const { actor, repo, issue } = await assignedIssue(ctx, owner, name, number);
  const users = await assignable(ctx, repo, logins, issue.poster);
  return applyAssignees(ctx, actor, repo, issue.id, number, users.map((u) => ({ action: 'assigned', assigneeId: u.id })));
}

/** Unassigns the accounts of `logins` from an issue; a login no account has is 422, one not assigned changes nothing. */
export async function removeIssueAssignees(ctx: ServiceContext, owner: string, name: string, number: number, logins: readonly string[]): Promise<IssueView> {
  const { actor, repo, issue } = await assignedIssue(ctx, owner, name, number);
  const wanted = [...new Set(logins.filter((l) => l !== '').map((l) => l.toLowerCase()))];
  const users = wanted.length ? await ctx.db.user.findMany({ where: { lowerLogin: { in: wanted } } }) : [];
  const missing = wanted.find((login) => !users.some((u) => u.lowerLogin === login));
  if (missing) throw invalid(`assignee "${missing}" does not exist`);
  return applyAssignees(ctx, actor, repo, issue.id, number, users.map((u) => ({ action: 'unassigned', assigneeId: u.id })));
}

/** Applies the changes that change something, in one transaction with their timeline rows and their events. */
async function applyAssignees(ctx: ServiceContext, actor: User, repo: RepositoryWithOwner, issueId: number, number: number, wanted: Change[]): Promise<IssueView> {
  const issue = await transactionWithEvents(ctx, async (tx, publish) => {
    const had = new Set((await tx.issueAssignee.findMany({ where: { issueId }, select: { userId: true } })).map((a) => a.userId));
    const done = wanted.filter((c) => (c.action === 'assigned') !== had.has(c.assigneeId));
    const added = done.filter((c) => c.action === 'assigned').map((c) => c.assigneeId);
    const removed = done.filter((c) => c.action === 'unassigned').map((c) => c.assigneeId);
    if (added.length) await tx.issueAssignee.createMany({ data: added.map((userId) => ({ issueId, userId })) });
    if (removed.length) await tx.issueAssignee.deleteMany({ where: { issueId, userId: { in: removed } } });
    if (done.length) {
      await timeline(tx, { id: issueId, repoId: repo.id }, actor, done.map((c) => ({ type: 'assignees', assigneeId: c.assigneeId, removedAssignee: c.action === 'unassigned' })));
      await tx.issue.update({ where: { id: issueId }, data: { updatedAt: new Date() } });
    }
    for (const change of done) await publish('issue_assign', { actorId: actor.id, repoId: repo.id, issueId, number, ...change });
    return loadIssue(tx, repo.id, number);
  });
  return { issue, repo };
}
