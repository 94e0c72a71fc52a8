import { requireUser } from '../../auth/viewer.ts';
import type { Tx } from '../../db/client.ts';
import type { User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { transactionWithEvents, type Publish } from '../../events/outbox.ts';
import { pageFrom, type Page, type PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { isOrganizationOwner } from '../access/access.service.ts';
import { forgetGrants } from '../access/grants.ts';
import { getOwnedOrganization } from '../org/org.service.ts';
import { findUserByLogin, getVisibleUser } from '../user/user.service.ts';

/**
 * Blocks: a person or an organization (the blocker) blocking a person (the blockee), as Gitea's
 * services/user/block.go. The rule the other services ask is in block.rules.ts; this file keeps the rows:
 * who may list and change them, and what a block undoes when it starts.
 */

export interface Block {
  user: User;
  note: string;
  createdAt: Date;
}

const isOrganization = (account: User) => account.type === 'organization';

/** The blocker a call acts for: the viewer, or an organization the viewer owns (404 hidden, 403 not an owner). */
async function blockerFor(ctx: ServiceContext, organization: string | null | undefined): Promise<User> {
  if (organization) return getOwnedOrganization(ctx, organization);
  return requireUser(ctx.viewer);
}

/** Only the account itself (for an organization: its owners and site admins) sees and changes its blocks. */
export async function assertManagesBlocks(ctx: ServiceContext, blocker: User): Promise<void> {
  const viewer = requireUser(ctx.viewer);
  if (isOrganization(blocker) ? await isOrganizationOwner(ctx, blocker) : viewer.id === blocker.id) return;
  throw forbidden(`only ${blocker.login}${isOrganization(blocker) ? "'s owners" : ''} may see or change its blocks`);
}

/** The blockee named in a call: a visible account for a person's own blocks; any account for an organization's, as Gitea looks it up. */
async function blockee(ctx: ServiceContext, blocker: User, login: string): Promise<User> {
  if (!isOrganization(blocker)) return getVisibleUser(ctx, login);
  const user = await findUserByLogin(ctx, login);
  if (!user) throw notFound(`user "${login}" does not exist`);
  return user;
}

/** The accounts `blocker` blocks, most recent block first (one statement for the page, accounts included). */
export async function listBlocks(ctx: ServiceContext, blocker: User, window: PageWindow): Promise<Page<Block>> {
  await assertManagesBlocks(ctx, blocker);
  const where = { blockerId: blocker.id };
  return pageFrom(
    ctx.db.blocking.findMany({ where, include: { blockee: true }, orderBy: [{ createdAt: 'desc' }, { blockeeId: 'desc' }], skip: window.offset, take: window.limit }),
    ctx.db.blocking.count({ where }),
    (row) => ({ user: row.blockee, note: row.note, createdAt: row.createdAt }),
  );
}

/** Whether `blocker` blocks the account `login`; 404 when there is no such account. */
export async function isBlocking(ctx: ServiceContext, blocker: User, login: string): Promise<boolean> {
  await assertManagesBlocks(ctx, blocker);
  const user = await blockee(ctx, blocker, login);
  return !!(await ctx.db.blocking.findUnique({ where: { blockerId_blockeeId: { blockerId: blocker.id, blockeeId: user.id } } }));
}

/**
 * Blocks a person for the viewer (or for an organization it owns), with an optional note. Refused with 400, as
 * Gitea refuses it: an organization, oneself, an account already blocked, a member of the blocking organization.
 * In the same transaction as the row, both accounts stop following each other, starring and watching each
 * other's repositories, being assigned to each other's issues and collaborating on each other's repositories,
 * and pending transfers between them are cancelled; every counter those rows fed comes down with them.
 */
export async function blockUser(ctx: ServiceContext, organization: string | null | undefined, login: string, note?: string | null): Promise<Block> {
  const doer = requireUser(ctx.viewer);
  const blocker = await blockerFor(ctx, organization);
  const target = await blockee(ctx, blocker, login);
  if (isOrganization(target)) throw badRequest('cannot block an organization');
  if (target.id === blocker.id || target.id === doer.id) throw badRequest('cannot block yourself');
  if (isOrganization(blocker) && (await ctx.db.orgMember.findUnique({ where: { orgId_userId: { orgId: blocker.id, userId: target.id } } }))) {
    throw badRequest(`cannot block ${target.login}: they are a member of ${blocker.login}`);
  }
  let changed: number[] = [];
  try {
    changed = await transactionWithEvents(ctx, async (tx, publish) => {
      if (await tx.blocking.findUnique({ where: { blockerId_blockeeId: { blockerId: blocker.id, blockeeId: target.id } } })) {
        throw badRequest(`${target.login} is already blocked`);
      }
      const touched = await undoTies(tx, publish, blocker, target);
      await tx.blocking.create({ data: { blockerId: blocker.id, blockeeId: target.id, note: note ?? '' } });
      return touched;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw badRequest(`${target.login} is already blocked`);
    throw err;
  }
  forgetGrants(ctx);
  // Accounts whose counters changed: whatever holds their rows (the credential cache) reloads them.
  for (const userId of changed) await ctx.events.publish('user.updated', { userId });
  return { user: target, note: note ?? '', createdAt: new Date() };
}

/** Lifts a block; one that does not exist is refused with 400, as in Gitea. */
export async function unblockUser(ctx: ServiceContext, organization: string | null | undefined, login: string): Promise<User> {
  const doer = requireUser(ctx.viewer);
  const blocker = await blockerFor(ctx, organization);
  const target = await blockee(ctx, blocker, login);
  if (isOrganization(target)) throw badRequest('cannot unblock an organization');
  if (target.id === doer.id) throw badRequest('cannot unblock yourself');
  const { count } = await ctx.db.blocking.deleteMany({ where: { blockerId: blocker.id, blockeeId: target.id } });
  if (count === 0) throw badRequest(`${target.login} is not blocked`);
  return target;
}

/** Undoes what ties the two accounts, both ways; answers the accounts whose counters changed. */
async function undoTies(tx: Tx, publish: Publish, a: User, b: User): Promise<number[]> {
  const changed = new Set<number>();
  for (const [from, to] of [[a, b], [b, a]] as const) {
    if (await unfollow(tx, from.id, to.id)) changed.add(from.id).add(to.id);
    if (await unstar(tx, from.id, to.id)) changed.add(from.id);
    await unwatch(tx, from.id, to.id);
    await unassign(tx, publish, from, to.id);
    await tx.collaboration.deleteMany({ where: { userId: from.id, repo: { ownerId: to.id } } });
    await rejectTransfers(tx, publish, from, to, a.id);
  }
  return [...changed];
}

/** Pending transfers of `from`'s repositories (an organization's, started by its owners) or started by `from`, to `to`, rejected as the recipient would. */
async function rejectTransfers(tx: Tx, publish: Publish, from: User, to: User, actorId: number) {
  const where = { recipientId: to.id, OR: [{ doerId: from.id }, { repo: { ownerId: from.id } }] };
  const pending = await tx.repositoryTransfer.findMany({ where, select: { repoId: true } });
  if (!pending.length) return;
  await tx.repositoryTransfer.deleteMany({ where: { recipientId: to.id, repoId: { in: pending.map((t) => t.repoId) } } });
  for (const { repoId } of pending) await publish('repo.transfer.rejected', { repoId, recipientId: to.id, actorId });
}

async function unfollow(tx: Tx, followerId: number, followingId: number): Promise<boolean> {
  const { count } = await tx.follow.deleteMany({ where: { followerId, followingId } });
  if (count === 0) return false;
  await tx.user.update({ where: { id: followerId }, data: { followingCount: { decrement: 1 } } });
  await tx.user.update({ where: { id: followingId }, data: { followerCount: { decrement: 1 } } });
  return true;
}

/** `userId`'s stars on the repositories `ownerId` owns go, with the counts they fed. */
async function unstar(tx: Tx, userId: number, ownerId: number): Promise<boolean> {
  const repoIds = (await tx.star.findMany({ where: { userId, repo: { ownerId } }, select: { repoId: true } })).map((s) => s.repoId);
  if (repoIds.length === 0) return false;
  await tx.star.deleteMany({ where: { userId, repoId: { in: repoIds } } });
  await tx.repository.updateMany({ where: { id: { in: repoIds } }, data: { starCount: { decrement: 1 } } });
  await tx.user.update({ where: { id: userId }, data: { starredCount: { decrement: repoIds.length } } });
  return true;
}

async function unwatch(tx: Tx, userId: number, ownerId: number): Promise<void> {
  const repoIds = (await tx.watch.findMany({ where: { userId, repo: { ownerId } }, select: { repoId: true } })).map((w) => w.repoId);
  if (repoIds.length === 0) return;
  await tx.watch.deleteMany({ where: { userId, repoId: { in: repoIds } } });
  await tx.repository.updateMany({ where: { id: { in: repoIds } }, data: { watchCount: { decrement: 1 } } });
}

/** `assignee` leaves the issues of `ownerId`'s repositories, each with its timeline row and event, as if it unassigned itself (Gitea). */
async function unassign(tx: Tx, publish: Publish, assignee: User, ownerId: number): Promise<void> {
  const issues = await tx.issue.findMany({ where: { repo: { ownerId }, assignees: { some: { userId: assignee.id } } }, select: { id: true, repoId: true, number: true } });
  if (issues.length === 0) return;
  const issueIds = issues.map((i) => i.id);
  await tx.issueAssignee.deleteMany({ where: { userId: assignee.id, issueId: { in: issueIds } } });
  await tx.comment.createMany({
    data: issues.map((i) => ({ type: 'assignees', assigneeId: assignee.id, removedAssignee: true, issueId: i.id, repoId: i.repoId, posterId: assignee.id })),
  });
  for (const i of issues) {
    await publish('issue_assign', { actorId: assignee.id, repoId: i.repoId, issueId: i.id, number: i.number, action: 'unassigned', assigneeId: assignee.id });
  }
}
