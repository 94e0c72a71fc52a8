import { isSiteAdmin, requireUser, type Viewer } from '../../auth/viewer.ts';
import type { Prisma, Repository, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { checkMaxLength, isExternalTrackerFormat, isHttpUrl } from '../formats.ts';
import { initBare, isValidRefName, removeRepository, repositorySize, resolveCommit, setHead, type ObjectFormat } from '../../git/repo.ts';
import { commitChanges } from '../../git/write.ts';
import { commitSigner } from '../gpg/gpg.signing.ts';
import { cachedRead } from '../../cache/cache.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import {
  canSeeAccount,
  describeNeed,
  hiddenByPublicOnlyToken,
  isOrganizationOwner,
  mayCreateRepositoryFor,
  repositoryPermission,
  satisfies,
  type Need,
  type RepositoryPermission,
} from '../access/access.service.ts';
import { findRenamedAccount, findUserByLogin } from '../user/user.service.ts';
import { viewerTeams } from '../access/grants.ts';
import { STORED_SETTINGS, type CreateRepositoryInput, type UpdateRepositoryInput } from './repo.inputs.ts';
import { checkRepositoryName, MERGE_STYLES, normalizeTopics, OBJECT_FORMATS, TRACKER_STYLES, TRUST_MODELS } from './repo.rules.ts';
import { repositoryPath, wikiRepositoryPath } from './storage.ts';
import { applyRefChanges, syncRefs } from '../branch/ref-table.ts';
import { initialFiles, labelSetRows } from '../template/template.service.ts';
import { linkTopics } from './topics.service.ts';
import { storageFor } from '../../storage/stores.ts';
import { languageBytes } from './languages.ts';
import { forgetRepositories } from '../social/social.counters.ts';
import { defaultHookCopies } from '../webhook/default-hooks.ts';
import { payloadBeforeDeletion } from '../webhook/snapshots.ts';
import { transactionWithEvents } from '../../events/outbox.ts';

export type RepositoryWithOwner = Repository & { owner: User };

/** Accounts by id, batched for one request: the GraphQL context's `loaders.userById` (src/graphql/loaders.ts) is one. */
export interface AccountLoaders {
  loaders: { userById: { load(id: number): Promise<User | null> } };
}

const hasOwner = (repo: Repository & { owner?: User }): repo is RepositoryWithOwner => !!repo.owner;

/**
 * The repository with its owner. Services load repositories with their owner included, and those come back as
 * they are; a bare row (a node lookup, a row read from another table) gets its owner from the request's batched
 * account loader: one query for a page of repositories, never one per row. The GraphQL context is a service
 * context with loaders, so resolvers pass theirs.
 */
export async function withOwner(ctx: AccountLoaders, repo: Repository & { owner?: User }): Promise<RepositoryWithOwner> {
  if (hasOwner(repo)) return repo;
  const owner = await ctx.loaders.userById.load(repo.ownerId);
  if (!owner) throw notFound(`the owner of repository ${repo.id} does not exist`);
  return { ...repo, owner };
}

/**
 * Loads a repository by owner login and name, with the viewer's permission; 404 when it cannot be seen,
 * 403 when it can but `needed` is not met. Old names (renames, transfers) lead to the repository's new place.
 */
export async function getRepository(ctx: ServiceContext, ownerLogin: string, name: string, needed: Need = 'read') {
  return checkAccess(ctx, await findRepositoryByName(ctx, ownerLogin, name), needed, `${ownerLogin}/${name}`);
}

/**
 * The repository at owner/name (or an old name of it), WITHOUT any access check: callers decide what to
 * reveal. Kept in the request's cache.
 */
export async function findRepositoryByName(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner | null> {
  return cachedRead(ctx, 'repositoryByName', `${ownerLogin.toLowerCase()}/${name.toLowerCase()}`, async () =>
    (await ctx.db.repository.findFirst({
      where: { lowerName: name.toLowerCase(), owner: { lowerLogin: ownerLogin.toLowerCase() } },
      include: { owner: true },
    })) ?? (await findRedirected(ctx, ownerLogin, name)),
  );
}

/**
 * An old name of a repository under its owner's login; then, when no account holds the owner login, the same
 * lookup under the login of the renamed account that login leads to (one step: a redirect names the account,
 * not its login, so renames in a row still lead to it).
 */
async function findRedirected(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner | null> {
  const redirect = await ctx.db.repositoryRedirect.findFirst({
    where: { lowerName: name.toLowerCase(), owner: { lowerLogin: ownerLogin.toLowerCase() } },
    include: { repo: { include: { owner: true } } },
  });
  if (redirect) return redirect.repo;
  if (await findUserByLogin(ctx, ownerLogin)) return null;
  const renamed = await findRenamedAccount(ctx, ownerLogin);
  return renamed && renamed.lowerLogin !== ownerLogin.toLowerCase() ? findRepositoryByName(ctx, renamed.login, name) : null;
}

export async function getRepositoryById(ctx: ServiceContext, id: number, needed: Need = 'read') {
  return checkAccess(ctx, await findRepositoryById(ctx, id), needed, String(id));
}

/** A repository by id with no access check: for callers that check each reader themselves (an event's subscribers). */
export function findRepositoryById(ctx: ServiceContext, id: number): Promise<RepositoryWithOwner | null> {
  return cachedRead(ctx, 'repositoryById', id, () => ctx.db.repository.findUnique({ where: { id }, include: { owner: true } }));
}

/** Not visible: 404 (never reveal existence). Visible but not enough access: 403. */
async function checkAccess(
  ctx: ServiceContext,
  repo: RepositoryWithOwner | null,
  needed: Need,
  label: string,
): Promise<{ repo: RepositoryWithOwner; permission: RepositoryPermission; access: RepositoryPermission['level'] }> {
  const permission = repo ? await repositoryPermission(ctx, repo) : null;
  if (repo && permission?.level === 'none' && (await hiddenByPublicOnlyToken(ctx, repo))) {
    throw forbidden('token scope is limited to public repos');
  }
  if (!repo || !permission || permission.level === 'none') throw notFound(`repository ${label} does not exist`);
  if (!satisfies(permission, needed)) throw forbidden(`you need ${describeNeed(needed)} to ${label}`);
  return { repo, permission, access: permission.level };
}

/** The viewer's teams of `owner` that a new repository joins: those allowed to create, unless the viewer owns it. */
async function creatorTeams(ctx: ServiceContext, owner: User): Promise<{ teamId: number }[]> {
  if (owner.type !== 'organization' || (await isOrganizationOwner(ctx, owner))) return [];
  const teams = await viewerTeams(ctx);
  return teams.filter((t) => t.orgId === owner.id && t.canCreateOrgRepo && !t.includesAllRepositories).map((t) => ({ teamId: t.id }));
}

/**
 * What every new repository row starts with, however it is made (created, forked): the server's
 * time-tracking defaults, the teams a member who does not own the organization reaches it through, its
 * creator watching it, and a copy of each default webhook, as in Gitea.
 */
export async function newRepositoryData(ctx: ServiceContext, owner: User, creator: User) {
  return {
    ownerId: owner.id,
    enableTimeTracker: ctx.config.service.DEFAULT_ENABLE_TIMETRACKING,
    allowOnlyContributorsToTrackTime: ctx.config.service.DEFAULT_ALLOW_ONLY_CONTRIBUTORS_TO_TRACK_TIME,
    teams: { create: await creatorTeams(ctx, owner) },
    watches: { create: { userId: creator.id } },
    watchCount: 1,
    webhooks: { create: await defaultHookCopies(ctx.db) },
  } satisfies Partial<Prisma.RepositoryUncheckedCreateInput>;
}

export async function creationLimitReached(ctx: ServiceContext, owner: User): Promise<boolean> {
  const limit = owner.maxRepoCreation >= 0 ? owner.maxRepoCreation : ctx.config.repository.MAX_CREATION_LIMIT;
  if (limit < 0) return false;
  return (await ctx.db.repository.count({ where: { ownerId: owner.id } })) >= limit;
}

/**
 * Creates a repository for `ownerLogin` (the viewer, or any account when the viewer is a site admin).
 * The row and the bare repository are made together: a git failure rolls the row back, and a failed
 * transaction removes the directory.
 */
export async function createRepository(ctx: ServiceContext, ownerLogin: string | null, input: CreateRepositoryInput): Promise<RepositoryWithOwner> {
  const viewer = requireUser(ctx.viewer);
  const owner = ownerLogin ? await findUserByLogin(ctx, ownerLogin) : viewer;
  if (!owner || !(await canSeeAccount(ctx, owner))) throw notFound(`user "${ownerLogin}" does not exist`);
  if (!(await mayCreateRepositoryFor(ctx, owner))) {
    throw forbidden(owner.type === 'organization' ? `you may not create repositories in ${owner.login}` : 'you may only create repositories for yourself');
  }
  checkRepositoryName(input.name);
  checkMaxLength(input.description, 2048, 'description');
  const objectFormat: ObjectFormat = input.objectFormat || 'sha1';
  if (!OBJECT_FORMATS.includes(objectFormat)) throw invalid('object_format_name must be sha1 or sha256');
  const defaultBranch = input.defaultBranch || 'main';
  if (!(await isValidRefName(defaultBranch))) throw invalid(`"${defaultBranch}" is not a valid branch name`);
  if (input.trustModel && !TRUST_MODELS.includes(input.trustModel)) throw invalid(`trust_model must be one of ${TRUST_MODELS.join(', ')}`);
  const labels = input.issueLabels ? labelSetRows(input.issueLabels) : [];
  if (!isSiteAdmin(ctx.viewer) && (await creationLimitReached(ctx, owner))) {
    throw forbidden(`${owner.login} has reached the limit of repositories it may create`);
  }
  if (await ctx.db.repository.findFirst({ where: { ownerId: owner.id, lowerName: input.name.toLowerCase() } })) {
    throw conflict(`the repository ${owner.login}/${input.name} already exists`);
  }
  const files = input.autoInit
    ? initialFiles({ name: input.name, description: input.description ?? '', ownerName: owner.login, email: owner.email }, input)
    : null;

  // The row first (its id names the directory), then git outside any transaction so SQLite's write lock
  // is never held while git runs; if git fails the row is removed again, so the two never disagree.
  let created: RepositoryWithOwner;
  try {
    created = await ctx.db.repository.create({
      data: {
        ...(await newRepositoryData(ctx, owner, viewer)),
        name: input.name,
        lowerName: input.name.toLowerCase(),
        description: input.description ?? '',
        isPrivate: input.private ?? false,
        isTemplate: input.template ?? false,
        defaultBranch,
        objectFormat,
        // The set's labels go in with the row, in the same statement batch.
        ...(labels.length ? { labels: { createMany: { data: labels } } } : {}),
      },
      include: { owner: true },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`the repository ${owner.login}/${input.name} already exists`);
    throw err;
  }
  const gitDir = repositoryPath(ctx.config, created.id);
  let repo = created;
  try {
    await initBare(gitDir, { objectFormat, defaultBranch });
    if (files) {
      const who = { name: viewer.fullName || viewer.login, email: viewer.email };
      await commitChanges(gitDir, {
        objectFormat,
        branch: defaultBranch,
        parent: null,
        expectedOld: null,
        changes: [...files].map(([path, content]) => ({ op: 'write' as const, path, content: Buffer.from(content) })),
        message: 'Initial commit',
        author: who,
        committer: who,
        sign: await commitSigner(ctx, { kind: 'initialCommit', actor: viewer }),
      });
      repo = { ...created, ...(await syncRefs(ctx, created)).state };
    }
  } catch (err) {
    await removeRepository(gitDir);
    await ctx.db.repository.delete({ where: { id: created.id } }).catch(() => {});
    throw err;
  }
  await ctx.events.publish('repo.created', { repoId: repo.id, ownerId: owner.id, actorId: viewer.id });
  return repo;
}

/** An http(s) URL as Gitea's ValidUrl takes it, or the empty string that switches the external tool off. */
function checkExternalUrl(url: string, what: string) {
  if (url !== '' && !isHttpUrl(url)) throw invalid(`${what} must be an http or https URL`);
}

const PROJECTS_MODES = ['repo', 'owner', 'all'];

/**
 * Edits a repository's settings (admin access). Mirror settings are refused on a repository that is not a
 * mirror; a default branch that does not exist (or cannot) leaves the default branch as it is, as in Gitea.
 */
export async function updateRepository(ctx: ServiceContext, ownerLogin: string, name: string, input: UpdateRepositoryInput): Promise<RepositoryWithOwner> {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  if (input.mirrorInterval != null || input.enablePrune != null || input.mirrorCredentials) {
    throw invalid('mirror settings (mirror_interval, enable_prune, mirror credentials) apply to mirrors only, and this repository is not a mirror');
  }
  const data: Prisma.RepositoryUpdateInput = {};
  if (input.name != null && input.name !== repo.name) {
    checkRepositoryName(input.name);
    const clash = await ctx.db.repository.findFirst({ where: { ownerId: repo.ownerId, lowerName: input.name.toLowerCase(), id: { not: repo.id } } });
    // Gitea: renaming onto a taken name is a 422 (creating one is a 409).
    if (clash) throw invalid(`the repository ${repo.owner.login}/${input.name} already exists`);
    Object.assign(data, { name: input.name, lowerName: input.name.toLowerCase() });
  }
  if (input.defaultMergeStyle != null && !MERGE_STYLES.includes(input.defaultMergeStyle)) {
    throw invalid(`default_merge_style must be one of ${MERGE_STYLES.join(', ')}`);
  }
  if (input.projectsMode != null && !PROJECTS_MODES.includes(input.projectsMode)) {
    throw invalid(`projects_mode must be one of ${PROJECTS_MODES.join(', ')}`);
  }
  checkMaxLength(input.description, 2048, 'description');
  checkMaxLength(input.website, 1024, 'website');
  if (input.defaultBranch != null && input.defaultBranch !== repo.defaultBranch && (await isValidRefName(input.defaultBranch))) {
    const gitDir = repositoryPath(ctx.config, repo.id);
    if (repo.isEmpty || (await resolveCommit(gitDir, `refs/heads/${input.defaultBranch}`))) {
      await setHead(gitDir, input.defaultBranch);
      data.defaultBranch = input.defaultBranch;
    }
  }
  for (const { field, column } of STORED_SETTINGS) {
    const value = input[field];
    if (value != null) (data as Record<string, unknown>)[column] = value;
  }
  if (input.internalTracker) {
    const t = input.internalTracker;
    if (t.enableTimeTracker != null) data.enableTimeTracker = t.enableTimeTracker;
    if (t.allowOnlyContributorsToTrackTime != null) data.allowOnlyContributorsToTrackTime = t.allowOnlyContributorsToTrackTime;
    if (t.enableIssueDependencies != null) data.enableIssueDependencies = t.enableIssueDependencies;
  }
  if (input.externalTracker) {
    const t = input.externalTracker;
    checkExternalUrl(t.url, 'external_tracker_url');
    if (t.format && !isExternalTrackerFormat(t.format)) throw invalid('external_tracker_format must be an http or https URL with closed {user}, {repo} and {index}');
    if (t.style && !TRACKER_STYLES.includes(t.style)) throw invalid(`external_tracker_style must be one of ${TRACKER_STYLES.join(', ')}`);
    Object.assign(data, {
      externalTrackerUrl: t.url,
      externalTrackerFormat: t.format ?? '',
      externalTrackerStyle: t.style ?? (t.url ? 'numeric' : ''),
      externalTrackerRegexp: t.regexpPattern ?? '',
    });
  }
  if (input.externalWiki) {
    checkExternalUrl(input.externalWiki.url, 'external_wiki_url');
    data.externalWikiUrl = input.externalWiki.url;
  }
  if (input.archived != null && input.archived !== repo.isArchived) {
    Object.assign(data, { isArchived: input.archived, archivedAt: input.archived ? new Date() : null });
  }
  const renamed = data.lowerName !== undefined && data.lowerName !== repo.lowerName;
  const updated = renamed
    ? await ctx.db.$transaction(async (tx) => {
        // The old name leads to the repository, as after a transfer; the new name is real now, so a redirect
        // there would only be shadowed. One transaction: no request sees the new name without the redirect.
        await tx.repositoryRedirect.deleteMany({ where: { ownerId: repo.ownerId, lowerName: data.lowerName as string } });
        await tx.repositoryRedirect.upsert({
          where: { ownerId_lowerName: { ownerId: repo.ownerId, lowerName: repo.lowerName } },
          create: { ownerId: repo.ownerId, lowerName: repo.lowerName, repoId: repo.id },
          update: { repoId: repo.id },
        });
        return tx.repository.update({ where: { id: repo.id }, data, include: { owner: true } });
      })
    : await ctx.db.repository.update({ where: { id: repo.id }, data, include: { owner: true } });
  await ctx.events.publish('repo.updated', { repoId: repo.id });
  return updated;
}

/** Deletes the row first (so nothing new can reach it), then the files. */
export async function deleteRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<void> {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'owner');
  await deleteRepositories(ctx, [repo]);
}

/**
 * Deletes repositories the caller may delete (checked by the caller): every row in one transaction, so either
 * all go or none does, and then their directories (each renamed aside at once, src/git/repo.ts), wikis and avatars.
 */
export async function deleteRepositories(ctx: ServiceContext, repos: Repository[]): Promise<void> {
  if (!repos.length) return;
  const actorId = ctx.viewer.user?.id;
  // The repository's own hooks go with it; its owner's and the site's get the deletion (src/domain/webhook/snapshots.ts).
  const snapshots = new Map<number, Awaited<ReturnType<typeof payloadBeforeDeletion>>>();
  for (const repo of repos) {
    snapshots.set(repo.id, await payloadBeforeDeletion(ctx, { kind: 'repository', repoId: repo.id, senderId: actorId ?? null, action: 'deleted' }));
  }
  const ids = repos.map((r) => r.id);
  // Its parent counts one fork less; its own forks stop being forks (their parent is gone).
  await transactionWithEvents(ctx, async (tx, publish) => {
    await forgetRepositories(tx, ids);
    await tx.repository.updateMany({ where: { forkId: { in: ids } }, data: { isFork: false, forkId: null } });
    await tx.repository.deleteMany({ where: { id: { in: ids } } });
    for (const repo of repos) {
      if (repo.forkId && !ids.includes(repo.forkId)) {
        await tx.repository.updateMany({ where: { id: repo.forkId, forkCount: { gt: 0 } }, data: { forkCount: { decrement: 1 } } });
      }
      const snapshot = snapshots.get(repo.id);
      await publish('repo.deleted', { repoId: repo.id, ownerId: repo.ownerId, ...(actorId !== undefined ? { actorId } : {}), ...(snapshot ? { snapshot } : {}) });
    }
  });
  for (const repo of repos) {
    await removeRepository(repositoryPath(ctx.config, repo.id));
    await removeRepository(wikiRepositoryPath(ctx.config, repo.id));
    if (repo.avatar) await storageFor(ctx.config, 'repo-avatars').delete(repo.avatar);
  }
}

export async function replaceTopics(ctx: ServiceContext, ownerLogin: string, name: string, topics: string[]) {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  const normalized = normalizeTopics(topics);
  await ctx.db.$transaction(async (tx) => {
    await tx.repository.update({ where: { id: repo.id }, data: { topics: normalized.join(',') } });
    await linkTopics(tx, repo.id, normalized);
  });
  return normalized;
}

export async function addTopic(ctx: ServiceContext, ownerLogin: string, name: string, topic: string) {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  return replaceTopics(ctx, ownerLogin, name, [...topicsOf(repo), topic]);
}

export async function removeTopic(ctx: ServiceContext, ownerLogin: string, name: string, topic: string) {
  const { repo } = await getRepository(ctx, ownerLogin, name, 'admin');
  const lower = topic.toLowerCase();
  if (!topicsOf(repo).includes(lower)) throw notFound(`topic "${topic}" is not set`);
  return replaceTopics(ctx, ownerLogin, name, topicsOf(repo).filter((t) => t !== lower));
}

export const topicsOf = (repo: Repository) => (repo.topics ? repo.topics.split(',') : []);

/** A page of a repository's topics in name order, as Gitea pages them (at most 25, kept on the row: no query). */
export function topicNamesPage(repo: Repository, window: PageWindow): Page<string> {
  const names = topicsOf(repo).sort();
  return { items: names.slice(window.offset, window.offset + window.limit), totalCount: names.length };
}

/**
 * After a push (or an API change of refs): the branch and tag tables and the size follow at once, before
 * the pusher hears back. The updates git carried out are applied to the tables as they are (no ref
 * listing); when the tables did not hold what the updates started from, or the default branch has no row
 * afterwards, git's refs are listed instead (one for-each-ref): the first push to an empty repository
 * picks the default branch there.
 */
export async function recordPush(ctx: Omit<ServiceContext, 'viewer'>, repo: Repository, changes: { ref: string; before: string; after: string }[], pusher: User | null) {
  const gitDir = repositoryPath(ctx.config, repo.id);
  // The size is counted while the rows are read; a failure surfaces below, when it is awaited.
  const size = repositorySize(gitDir);
  const sizeUpdate = size.then((sizeBytes) => ({ sizeBytes }));
  sizeUpdate.catch(() => {});
  const applied = await applyRefChanges(ctx, repo, changes, sizeUpdate);
  if (!applied || (!applied.hasDefault && !applied.state.isEmpty)) {
    const { branches } = await syncRefs(ctx, repo, { sizeBytes: await size });
    if (branches.length && !branches.includes(repo.defaultBranch)) {
      const pushed = changes.map((c) => c.ref).find((r) => r.startsWith('refs/heads/'))?.slice('refs/heads/'.length);
      const chosen = pushed && branches.includes(pushed) ? pushed : branches.sort()[0];
      await setHead(gitDir, chosen);
      await ctx.db.repository.update({ where: { id: repo.id }, data: { defaultBranch: chosen } });
    }
  }
  await ctx.events.publish('repo.push', { repoId: repo.id, pusherId: pusher?.id ?? null, changes });
}


/** Bytes per language on the default branch of a repository the caller has already loaded; empty when empty. */
export async function repositoryLanguages(ctx: Pick<ServiceContext, 'config'>, repo: Repository): Promise<Record<string, number>> {
  if (repo.isEmpty) return {};
  return languageBytes(repositoryPath(ctx.config, repo.id), `refs/heads/${repo.defaultBranch}`);
}
