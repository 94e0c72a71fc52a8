import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { ServiceContext } from '../../services.ts';
import { canSeeAccount, mayCreateRepositoryFor } from '../access/access.service.ts';
import { forgetGrants } from '../access/grants.ts';
import { creationLimitReached, findRepositoryByName, getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { assertNotBlocked } from '../block/block.rules.ts';
import { findUserByLogin } from '../user/user.service.ts';

export interface TransferInput {
  newOwner: string;
  /** Teams of the receiving organization that get the repository. */
  teamIds?: number[] | null;
}

export interface TransferResult {
  repo: RepositoryWithOwner;
  /** True when the transfer waits for the recipient to accept it; false when it is done. */
  pending: boolean;
}

export const teamIdsOf = (transfer: { teamIds: string }) => (transfer.teamIds ? transfer.teamIds.split(',').map(Number) : []);

/**
 * Starts a transfer of a repository the viewer owns (owner-level access). It happens at once when the viewer
 * may create repositories for the recipient (itself, an organization it may create in; site admins
 * anywhere); otherwise it waits for the recipient to accept or reject it.
 */
export async function transferRepository(ctx: ServiceContext, ownerLogin: string, name: string, input: TransferInput): Promise<TransferResult> {
  const viewer = requireUser(ctx.viewer);
  const { repo } = await getRepository(ctx, ownerLogin, name, 'owner');
  const recipient = await findUserByLogin(ctx, input.newOwner);
  if (!recipient || !(await canSeeAccount(ctx, recipient))) throw notFound(`user "${input.newOwner}" does not exist`);
  if (recipient.id === repo.ownerId) throw invalid(`${recipient.login} already owns ${repo.owner.login}/${repo.name}`);
  const teamIds = [...new Set(input.teamIds ?? [])];
  if (teamIds.length) {
    if (recipient.type !== 'organization') throw invalid('team_ids apply to transfers to an organization only');
    const teams = await ctx.db.team.findMany({ where: { id: { in: teamIds }, orgId: recipient.id } });
    const unknown = teamIds.filter((id) => !teams.some((t) => t.id === id));
    if (unknown.length) throw invalid(`${recipient.login} has no team with id ${unknown.join(', ')}`);
  }
  if (await ctx.db.repository.findFirst({ where: { ownerId: recipient.id, lowerName: repo.lowerName } })) {
    throw invalid(`${recipient.login} already has a repository named ${repo.name}`);
  }
  if (repo.forkId && (await ctx.db.repository.findFirst({ where: { ownerId: recipient.id, forkId: repo.forkId } }))) {
    throw invalid(`${recipient.login} already has a fork of the same repository`);
  }
  if (await ctx.db.repositoryTransfer.findUnique({ where: { repoId: repo.id } })) {
    throw conflict(`${repo.owner.login}/${repo.name} already has a pending transfer`);
  }

  await checkCreationLimit(ctx, recipient);
  // A recipient that blocks the viewer receives nothing from it; site admins still move repositories at once (Gitea).
  await assertNotBlocked(ctx, [recipient.id], viewer);
  if (await mayCreateRepositoryFor(ctx, recipient)) {
    return { repo: await completeTransfer(ctx, repo, recipient, teamIds), pending: false };
  }
  try {
    await ctx.db.repositoryTransfer.create({
      data: { repoId: repo.id, doerId: viewer.id, recipientId: recipient.id, teamIds: teamIds.join(',') },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`${repo.owner.login}/${repo.name} already has a pending transfer`);
    throw err;
  }
  await ctx.events.publish('repo.transfer.started', { repoId: repo.id, recipientId: recipient.id, actorId: viewer.id });
  return { repo, pending: true };
}

/**
 * The repository and its pending transfer, when the viewer is its recipient (the user itself; for an
 * organization, whoever may create repositories in it). A stranger who cannot see the repository gets 404,
 * one who can 403; no pending transfer is 404.
 */
async function pendingForRecipient(ctx: ServiceContext, ownerLogin: string, name: string) {
  const viewer = requireUser(ctx.viewer);
  const repo = await findRepositoryByName(ctx, ownerLogin, name);
  const transfer = repo ? await ctx.db.repositoryTransfer.findUnique({ where: { repoId: repo.id }, include: { recipient: true } }) : null;
  const isRecipient =
    !!transfer &&
    (transfer.recipient.type === 'organization' ? await mayCreateRepositoryFor(ctx, transfer.recipient) : transfer.recipientId === viewer.id);
  if (repo && transfer && isRecipient) return { repo, transfer };
  // Not the recipient: answer as a repository lookup would, so nothing hidden is revealed.
  await getRepository(ctx, ownerLogin, name);
  if (!transfer) throw notFound(`${ownerLogin}/${name} has no pending transfer`);
  throw forbidden(`only ${transfer.recipient.login} may accept or reject the transfer of ${ownerLogin}/${name}`);
}

/** A transfer counts against the recipient's repository limit like a new repository (site admins excepted). */
async function checkCreationLimit(ctx: ServiceContext, recipient: User) {
  if (!isSiteAdmin(ctx.viewer) && (await creationLimitReached(ctx, recipient))) {
    throw forbidden(`${recipient.login} has reached the limit of repositories it may own`);
  }
}

export async function acceptTransfer(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner> {
  const { repo, transfer } = await pendingForRecipient(ctx, ownerLogin, name);
  if (await ctx.db.repository.findFirst({ where: { ownerId: transfer.recipientId, lowerName: repo.lowerName } })) {
    throw invalid(`${transfer.recipient.login} already has a repository named ${repo.name}`);
  }
  await checkCreationLimit(ctx, transfer.recipient);
  return completeTransfer(ctx, repo, transfer.recipient, teamIdsOf(transfer));
}

export async function rejectTransfer(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner> {
  const { repo, transfer } = await pendingForRecipient(ctx, ownerLogin, name);
  await ctx.db.repositoryTransfer.deleteMany({ where: { repoId: repo.id, recipientId: transfer.recipientId } });
  await ctx.events.publish('repo.transfer.rejected', { repoId: repo.id, recipientId: transfer.recipientId, actorId: ctx.viewer.user?.id ?? null });
  return repo;
}

/**
 * Moves the repository to its new owner in one transaction: the owner changes, the new owner's own
 * collaboration and the old owner's teams go, the chosen teams come, the old owner/name becomes a redirect,
 * and the pending transfer (if any) is gone. No file moves: repositories live under their id.
 */
async function completeTransfer(ctx: ServiceContext, repo: RepositoryWithOwner, recipient: User, teamIds: number[]): Promise<RepositoryWithOwner> {
  let moved: RepositoryWithOwner;
  try {
    moved = await ctx.db.$transaction(async (tx) => {
      const updated = await tx.repository.update({ where: { id: repo.id }, data: { ownerId: recipient.id }, include: { owner: true } });
      await tx.collaboration.deleteMany({ where: { repoId: repo.id, userId: recipient.id } });
      await tx.teamRepository.deleteMany({ where: { repoId: repo.id } });
      if (teamIds.length) {
        const teams = await tx.team.findMany({ where: { id: { in: teamIds }, orgId: recipient.id } });
        await tx.teamRepository.createMany({ data: teams.map((team) => ({ teamId: team.id, repoId: repo.id })) });
      }
      // The new place is real now: an old redirect there would only be shadowed; the old place redirects.
      await tx.repositoryRedirect.deleteMany({ where: { ownerId: recipient.id, lowerName: repo.lowerName } });
      await tx.repositoryRedirect.upsert({
        where: { ownerId_lowerName: { ownerId: repo.ownerId, lowerName: repo.lowerName } },
        create: { ownerId: repo.ownerId, lowerName: repo.lowerName, repoId: repo.id },
        update: { repoId: repo.id },
      });
      await tx.repositoryTransfer.deleteMany({ where: { repoId: repo.id } });
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid(`${recipient.login} already has a repository named ${repo.name}`);
    throw err;
  }
  forgetGrants(ctx);
  await ctx.events.publish('repo.transferred', { repoId: repo.id, fromOwnerId: repo.ownerId, toOwnerId: recipient.id, actorId: ctx.viewer.user?.id ?? null });
  return moved;
}

/** The pending transfers of these repositories, by repository id, with who started and who receives each (one query). */
export async function pendingTransfersOf(ctx: ServiceContext, repoIds: readonly number[]) {
  // The accounts are read only when a transfer is pending: Prisma's include would query them (IN (NULL))
  // even for no rows, and most pages have none.
  const rows = await ctx.db.repositoryTransfer.findMany({ where: { repoId: { in: [...repoIds] } } });
  if (rows.length === 0) return new Map<number, (typeof rows)[number] & { doer: User; recipient: User }>();
  const people = await ctx.db.user.findMany({ where: { id: { in: [...new Set(rows.flatMap((r) => [r.doerId, r.recipientId]))] } } });
  const byId = new Map(people.map((p) => [p.id, p]));
  return new Map(rows.map((r) => [r.repoId, { ...r, doer: byId.get(r.doerId)!, recipient: byId.get(r.recipientId)! }]));
}
