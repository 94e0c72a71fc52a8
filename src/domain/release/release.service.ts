import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Tx } from '../../db/client.ts';
import type { Attachment, Prisma, Release, User } from '../../db/models.ts';
import { databaseTarget } from '../../db/provider.ts';
import { badRequest, conflict, forbidden, invalid, isDomainError, notFound, unauthenticated } from '../../errors.ts';
import { transactionWithEvents } from '../../events/outbox.ts';
import type { ReleaseEvent } from '../../events/topics.ts';
import { isValidRefShortName, MAX_REF_NAME_LENGTH } from '../../git/refs.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { pageFrom } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import type { IncomingFile } from '../../storage/incoming.ts';
import { allowsScope } from '../../auth/viewer.ts';
import { atLeast, satisfies, type RepositoryPermission } from '../access/access.service.ts';
import type { UpdateAttachmentInput } from '../attachment/attachment.inputs.ts';
import { FORBIDDEN_TYPE, MAX_NAME, typeAllowed } from '../attachment/attachment.rules.ts';
import { deleteStoredFiles, readStoredFile, storeUpload } from '../attachment/attachment.service.ts';
import { getTag, makeTag } from '../branch/branch.service.ts';
import { checkMaxLength } from '../formats.ts';
import { findRepositoryById, getRepository, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import type { CreateReleaseInput, ReleaseFilter, UpdateReleaseInput } from './release.inputs.ts';

/**
 * Releases (Gitea's services/release): a row per release of a repository, named by its tag. A tag pushed or
 * made without a release leaves a tag-only row (isTag), hidden from the API's lists and lookups and turned into
 * a release when one is created on that tag. A release is read through the releases unit; drafts only by
 * those who may write the repository (Gitea: write access, or write on the releases unit); writes need write
 * on the releases unit. Assets are attachments with a releaseId, stored and limited as attachments are.
 */

export interface ReleaseView {
  release: Release;
  repo: RepositoryWithOwner;
}

/** Gitea's columns for a release's title hold 255 characters. */
const MAX_TITLE = 255;

const RELEASES_READ = { unit: 'repo.releases', level: 'read' } as const;
const RELEASES_WRITE = { unit: 'repo.releases', level: 'write' } as const;

/** Who sees drafts (Gitea's IncludeDrafts): write access to the repository, or write on its releases. */
export const seesDrafts = (permission: RepositoryPermission) => atLeast(permission.level, 'write') || satisfies(permission, RELEASES_WRITE);

interface ReadAccess {
  repo: RepositoryWithOwner;
  drafts: boolean;
}

async function readableRepository(ctx: ServiceContext, owner: string, name: string): Promise<ReadAccess> {
  const { repo, permission } = await getRepository(ctx, owner, name);
  if (!repo.hasReleases || !satisfies(permission, RELEASES_READ)) throw notFound(`repository ${owner}/${name} has no releases you may see`);
  return { repo, drafts: seesDrafts(permission) };
}

/** Writes: archived repositories answer 423, the releases unit switched off 404, no write on it 403. */
async function writableRepository(ctx: ServiceContext, owner: string, name: string): Promise<{ repo: RepositoryWithOwner; actor: User }> {
  if (!ctx.viewer.user) throw unauthenticated();
  const { repo, permission } = await getWritableRepository(ctx, owner, name, 'read');
  if (!repo.hasReleases || !satisfies(permission, RELEASES_READ)) throw notFound(`repository ${owner}/${name} has no releases you may see`);
  if (!satisfies(permission, RELEASES_WRITE)) throw forbidden(`you need write access to the releases of ${owner}/${name}`);
  return { repo, actor: ctx.viewer.user };
}

/** Releases shown by the API: never the tag-only rows; drafts only to those who see them. */
function visibleWhere(repoId: number, drafts: boolean): Prisma.ReleaseWhereInput {
  return drafts ? { repoId, isTag: false } : { repoId, isTag: false, isDraft: false };
}

/** Gitea's order: newest first, the later id first among those of one time. */
const NEWEST_FIRST: Prisma.ReleaseOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

function containsText(ctx: ServiceContext, text: string): Prisma.StringFilter {
  const filter: Prisma.StringFilter = { contains: text };
  return databaseTarget(ctx.config).provider === 'postgresql' ? ({ ...filter, mode: 'insensitive' } as Prisma.StringFilter) : filter;
}

/**
 * Tag names matching a pattern where `*` stands for any text: the text before the first `*` starts the name,
 * the text after the last ends it, the pieces between occur in it (their order is not checked); no `*`: the name.
 */
function tagPattern(pattern: string): Prisma.ReleaseWhereInput[] {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return [{ tagName: pattern }];
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const middle = pieces.slice(1, -1).filter((p) => p !== '');
  return [
    ...(first ? [{ tagName: { startsWith: first } }] : []),
    ...(last ? [{ tagName: { endsWith: last } }] : []),
    ...middle.map((p) => ({ tagName: { contains: p } })),
  ];
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * A page of a repository's releases, newest first, with Gitea's filters (draft, pre-release; `query` in the
 * title or the tag): the page and its count are two statements whatever the page size.
 */
export async function listReleases(ctx: ServiceContext, owner: string, name: string, window: PageWindow, filter: ReleaseFilter = {}): Promise<Page<ReleaseView>> {
  const { repo, drafts } = await readableRepository(ctx, owner, name);
  const where: Prisma.ReleaseWhereInput = visibleWhere(repo.id, drafts);
  if (filter.draft != null) where.isDraft = drafts ? filter.draft : false;
  if (filter.draft === true && !drafts) where.id = -1;
  if (filter.prerelease != null) where.isPrerelease = filter.prerelease;
  if (filter.query) where.OR = [{ title: containsText(ctx, filter.query) }, { tagName: containsText(ctx, filter.query) }];
  if (filter.tagFilter) where.AND = tagPattern(filter.tagFilter);
  return pageFrom(
    ctx.db.release.findMany({ where, orderBy: NEWEST_FIRST, skip: window.offset, take: window.limit }),
    ctx.db.release.count({ where }),
    (release) => ({ release, repo }),
  );
}

/** A release by id or by tag name, as the viewer may see it; null when there is none. */
export async function getRelease(ctx: ServiceContext, owner: string, name: string, by: { id: number } | { tag: string }, evenTagOnly = false): Promise<ReleaseView | null> {
  const { repo, drafts } = await readableRepository(ctx, owner, name);
  // A deleted release's tag-only row, for the payload of its deletion: for writers only.
  const where = evenTagOnly && drafts ? { repoId: repo.id } : visibleWhere(repo.id, drafts);
  const release = await ctx.db.release.findFirst({ where: { ...where, ...('id' in by ? { id: by.id } : { tagName: by.tag }) } });
  return release ? { release, repo } : null;
}

/** The newest release that is neither a draft nor a prerelease (Gitea's latest); null when there is none. */
export async function latestRelease(ctx: ServiceContext, owner: string, name: string): Promise<ReleaseView | null> {
  const { repo } = await readableRepository(ctx, owner, name);
  const release = await ctx.db.release.findFirst({ where: { repoId: repo.id, isTag: false, isDraft: false, isPrerelease: false }, orderBy: NEWEST_FIRST });
  return release ? { release, repo } : null;
}

/** The assets of many releases, oldest first: one statement. */
export async function assetsOfReleases(ctx: Pick<ServiceContext, 'db'>, releaseIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  const rows = await ctx.db.attachment.findMany({ where: { releaseId: { in: [...releaseIds] } }, orderBy: { id: 'asc' } });
  const groups = new Map<number, Attachment[]>();
  for (const row of rows) {
    const group = groups.get(row.releaseId!);
    if (group) group.push(row);
    else groups.set(row.releaseId!, [row]);
  }
  return groups;
}

/** The release of an asset the caller has already been shown (its repository loaded with it); null when gone. */
export async function releaseOfAsset(ctx: ServiceContext, asset: Attachment): Promise<ReleaseView | null> {
  if (asset.releaseId === null) return null;
  const [release, repo] = await Promise.all([ctx.db.release.findUnique({ where: { id: asset.releaseId } }), findRepositoryById(ctx, asset.repoId)]);
  return release && repo ? { release, repo } : null;
}

/** One asset of a release the viewer sees; null when there is none. */
export async function getAsset(ctx: ServiceContext, view: ReleaseView, id: number): Promise<Attachment | null> {
  return ctx.db.attachment.findFirst({ where: { id, releaseId: view.release.id, repoId: view.repo.id } });
}

// ---------------------------------------------------------------------------------------------
// Writing

function checkTagName(tagName: string, field: string) {
  if (!isValidRefShortName(tagName)) {
    throw invalid(`"${tagName}" is not a valid tag name (git ref name rules; at most ${MAX_REF_NAME_LENGTH} characters)`, { field });
  }
}

/** The commit a tag names, from the tag table; null when there is no such tag. */
async function tagCommit(ctx: ServiceContext, repo: RepositoryWithOwner, tagName: string): Promise<string | null> {
  const tag = await getTag(ctx, repo, tagName);
  return tag ? (tag.commitOid ?? tag.oid) : null;
}

/** Makes the release's tag when it does not exist yet (through the tags' own code); answers the commit it names. */
async function ensureTag(ctx: ServiceContext, repo: RepositoryWithOwner, tagName: string, target: string, message: string | null | undefined): Promise<string> {
  const existing = await tagCommit(ctx, repo, tagName);
  if (existing) return existing;
  const made = await makeTag(ctx, repo, { tagName, target: target || repo.defaultBranch, message: message || null });
  return made.commitOid ?? made.oid;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

function releaseEvent(action: ReleaseEvent['action'], release: Release, actor: User): ReleaseEvent {
  return { action, repoId: release.repoId, releaseId: release.id, actorId: actor.id, tagName: release.tagName, title: release.title };
}

/**
 * Creates a release on an existing tag, or on a new tag made from `target` (default: the default branch),
 * annotated when `tagMessage` is given; a draft's new tag is made when it is published (Gitea). Gitea's
 * answers: 422 for an empty repository or an invalid tag name, 409 when the tag already has a release, 404
 * for a target that does not exist. A tag-only entry of the tag becomes the release.
 */
export async function createRelease(ctx: ServiceContext, owner: string, name: string, input: CreateReleaseInput): Promise<ReleaseView> {
  const { repo, actor } = await writableRepository(ctx, owner, name);
  if (repo.isEmpty) throw invalid('repo is empty');
  checkTagName(input.tagName, 'tag_name');
  checkMaxLength(input.title ?? '', MAX_TITLE, 'name');
  const before = await ctx.db.release.findUnique({ where: { repoId_tagName: { repoId: repo.id, tagName: input.tagName } } });
  if (before && !before.isTag) throw conflict(`release ${input.tagName} already exists`);
  const isDraft = input.isDraft ?? false;
  const sha1 = isDraft ? ((await tagCommit(ctx, repo, input.tagName)) ?? '') : await ensureTag(ctx, repo, input.tagName, input.target ?? '', input.tagMessage);
  const data = {
    publisherId: actor.id,
    target: input.target || repo.defaultBranch,
    title: input.title ?? '',
    note: input.note ?? '',
    sha1,
    isDraft,
    isPrerelease: input.isPrerelease ?? false,
    isTag: false,
  };
  const write = () =>
    transactionWithEvents(ctx, async (tx, publish) => {
      const tagOnly = await tx.release.findUnique({ where: { repoId_tagName: { repoId: repo.id, tagName: input.tagName } } });
      if (tagOnly && !tagOnly.isTag) throw conflict(`release ${input.tagName} already exists`);
      const now = new Date();
      const release = tagOnly
        ? await tx.release.update({ where: { id: tagOnly.id }, data: { ...data, createdAt: now, updatedAt: now } })
        : await tx.release.create({ data: { ...data, repoId: repo.id, tagName: input.tagName } });
      if (!isDraft) await publish('release', releaseEvent('published', release, actor));
      return release;
    });
  // The tag's own entry may be written by the push follower meanwhile: the second try takes it over.
  const release = await write().catch((err) => (isUniqueViolation(err) ? write() : Promise.reject(err)));
  return { release, repo };
}

async function existingRelease(db: Pick<Tx, 'release'>, repo: RepositoryWithOwner, by: { id: number } | { tag: string }): Promise<Release> {
  const release = await db.release.findFirst({ where: { repoId: repo.id, isTag: false, ...('id' in by ? { id: by.id } : { tagName: by.tag }) } });
  if (!release) throw notFound('id' in by ? `release ${by.id} does not exist` : `release with tag "${by.tag}" does not exist`);
  return release;
}

/**
 * Changes what the input names; empty strings keep the old values (Gitea's edit). A new tag name must be valid
 * and free. Publishing a draft (or renaming a public release's tag) makes the tag when it does not exist.
 */
export async function updateRelease(ctx: ServiceContext, owner: string, name: string, id: number, input: UpdateReleaseInput): Promise<ReleaseView> {
  const { repo, actor } = await writableRepository(ctx, owner, name);
  const before = await existingRelease(ctx.db, repo, { id });
  const tagName = input.tagName || before.tagName;
  if (tagName !== before.tagName) {
    checkTagName(tagName, 'tag_name');
    const taken = await ctx.db.release.findUnique({ where: { repoId_tagName: { repoId: repo.id, tagName } } });
    if (taken && !taken.isTag) throw conflict(`release ${tagName} already exists`);
  }
  if (input.title) checkMaxLength(input.title, MAX_TITLE, 'name');
  const target = input.target || before.target;
  const isDraft = input.isDraft ?? before.isDraft;
  const sha1 = isDraft ? ((await tagCommit(ctx, repo, tagName)) ?? '') : await ensureTag(ctx, repo, tagName, target, null);
  const release = await transactionWithEvents(ctx, async (tx, publish) => {
    if (tagName !== before.tagName) await tx.release.deleteMany({ where: { repoId: repo.id, tagName, isTag: true } });
    const updated = await tx.release.update({
      where: { id: before.id },
      data: {
        tagName,
        target,
        title: input.title || before.title,
        note: input.note || before.note,
        isDraft,
        isPrerelease: input.isPrerelease ?? before.isPrerelease,
        sha1,
        updatedAt: new Date(),
        // A draft published now is published now (Gitea stamps its time again).
        ...(before.isDraft && !isDraft ? { createdAt: new Date() } : {}),
      },
    });
    if (!isDraft) await publish('release', releaseEvent(before.isDraft ? 'published' : 'updated', updated, actor));
    return updated;
  });
  return { release, repo };
}

/**
 * Deletes a release by id or by tag; its tag stays (Gitea: the row becomes the tag's tag-only entry), or the row
 * goes when its tag does not exist (a draft never published). Its assets go, rows and files.
 */
export async function deleteRelease(ctx: ServiceContext, owner: string, name: string, by: { id: number } | { tag: string }): Promise<void> {
  const { repo, actor } = await writableRepository(ctx, owner, name);
  const release = await existingRelease(ctx.db, repo, by);
  const tagExists = (await tagCommit(ctx, repo, release.tagName)) !== null;
  const assets = await transactionWithEvents(ctx, async (tx, publish) => {
    const files = await tx.attachment.findMany({ where: { releaseId: release.id }, select: { uuid: true } });
    await tx.attachment.deleteMany({ where: { releaseId: release.id } });
    if (tagExists) {
      await tx.release.update({ where: { id: release.id }, data: { isTag: true, isDraft: false, isPrerelease: false, updatedAt: new Date() } });
    } else {
      await tx.release.delete({ where: { id: release.id } });
    }
    if (!release.isDraft) await publish('release', releaseEvent('deleted', release, actor));
    return files;
  });
  await deleteStoredFiles(ctx, assets.map((a) => a.uuid));
}

// ---------------------------------------------------------------------------------------------
// Assets

/** Every asset route answers 404 while attachments are switched off (attachment.ENABLED), as in Gitea. */
function checkEnabled(ctx: ServiceContext) {
  if (!ctx.config.attachment.ENABLED) throw notFound('attachments are disabled on this server');
}

async function writableRelease(ctx: ServiceContext, owner: string, name: string, releaseId: number) {
  checkEnabled(ctx);
  const { repo, actor } = await writableRepository(ctx, owner, name);
  const release = await existingRelease(ctx.db, repo, { id: releaseId });
  return { repo, actor, release };
}

function assetName(name: string | null | undefined): string {
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw badRequest('Could not determine name of attachment.');
  checkMaxLength(trimmed, MAX_NAME, 'name');
  return trimmed;
}

/** An asset is a stored file, or a link elsewhere (external_url: http or https only). */
export type AssetSource = { file: IncomingFile } | { externalUrl: string } | null;

/**
 * Adds an asset to a release (drafts included): an uploaded file within the attachment limits (size while it
 * streams: 413; count: 422) and repository.RELEASE_ALLOWED_TYPES (Gitea answers 400 here), or a link. The
 * name is `fileName`, else the upload's own; none at all is 400, as in Gitea.
 */
export async function createAsset(ctx: ServiceContext, owner: string, name: string, releaseId: number, source: AssetSource, fileName?: string | null): Promise<Attachment> {
  const { repo, actor, release } = await writableRelease(ctx, owner, name, releaseId);
  const base = { repoId: repo.id, releaseId: release.id, uploaderId: actor.id };
  if (!source) throw badRequest('an asset needs a file (the "attachment" part, or the request body) or an external_url');
  if ('externalUrl' in source) {
    const link = parseExternalUrl(source.externalUrl);
    const assetFileName = assetName(fileName);
    return ctx.db.attachment.create({ data: { ...base, uuid: randomUUID(), name: assetFileName, size: 0, externalUrl: link } });
  }
  const assetFileName = assetName(fileName || source.file.filename);
  try {
    return await storeUpload(ctx, source.file, assetFileName, ctx.config.repository.RELEASE_ALLOWED_TYPES, (tx, stored) =>
      tx.attachment.create({ data: { ...base, ...stored, name: assetFileName } }),
    );
  } catch (err) {
    if (isDomainError(err) && err.kind === 'VALIDATION' && err.message === FORBIDDEN_TYPE) throw badRequest(FORBIDDEN_TYPE);
    throw err;
  }
}

function parseExternalUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('external_url must be an absolute http or https URL', { field: 'external_url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('external_url must be an absolute http or https URL', { field: 'external_url' });
  return url.toString();
}

async function assetOf(ctx: ServiceContext, release: Release, id: number): Promise<Attachment> {
  const asset = await ctx.db.attachment.findFirst({ where: { id, releaseId: release.id } });
  if (!asset) throw notFound(`release ${release.id} has no asset ${id}`);
  return asset;
}

/** Renames an asset; an empty name keeps it; the name must pass the release's allowed types (422). */
export async function updateAsset(ctx: ServiceContext, owner: string, name: string, releaseId: number, id: number, input: UpdateAttachmentInput): Promise<Attachment> {
  const { release } = await writableRelease(ctx, owner, name, releaseId);
  const before = await assetOf(ctx, release, id);
  const newName = input.name?.trim() ? assetName(input.name) : before.name;
  if (!typeAllowed(null, newName, ctx.config.repository.RELEASE_ALLOWED_TYPES)) throw invalid(FORBIDDEN_TYPE, { field: 'name' });
  if (newName === before.name) return before;
  return ctx.db.attachment.update({ where: { id: before.id }, data: { name: newName } });
}

/** Deletes an asset: its row, then its file. */
export async function deleteAsset(ctx: ServiceContext, owner: string, name: string, releaseId: number, id: number): Promise<void> {
  const { release } = await writableRelease(ctx, owner, name, releaseId);
  const asset = await assetOf(ctx, release, id);
  await ctx.db.attachment.delete({ where: { id: asset.id } });
  if (!asset.externalUrl) await deleteStoredFiles(ctx, [asset.uuid]);
}

// ---------------------------------------------------------------------------------------------
// Downloading

export type AssetDownload =
  | { kind: 'redirect'; location: string }
  | { kind: 'file'; asset: Attachment; open: (range?: { start: number; end: number }) => Promise<Readable | null>; count: () => Promise<void> };

/**
 * A release asset by its uuid (`/attachments/{uuid}`, as Gitea serves every attachment there), with the rules
 * of its release's download link; null when the uuid names no release asset (an issue's file, or nothing).
 */
export async function openAssetByUuid(ctx: ServiceContext, uuid: string): Promise<AssetDownload | null> {
  const row = await ctx.db.attachment.findUnique({ where: { uuid }, select: { releaseId: true, name: true } });
  if (row?.releaseId == null) return null;
  const release = await ctx.db.release.findUnique({ where: { id: row.releaseId }, select: { tagName: true, repo: { select: { name: true, owner: { select: { login: true } } } } } });
  if (!release) throw notFound(`attachment ${uuid} does not exist`);
  return openAsset(ctx, release.repo.owner.login, release.repo.name, release.tagName, row.name, uuid);
}

/**
 * An asset by its release's tag and its name (`/{owner}/{repo}/releases/download/{tag}/{name}`, its
 * browser_download_url), for whoever reads the releases (drafts: whoever sees them); a token needs
 * read:repository. Anything else is 404. A link asset answers with where it points. The caller opens the bytes
 * (whole or a range) and counts the download (one UPDATE) once it serves it.
 */
export async function openAsset(ctx: ServiceContext, owner: string, name: string, tag: string, fileName: string, uuid?: string): Promise<AssetDownload> {
  const absent = () => notFound(`no asset "${fileName}" in release ${tag}`);
  checkEnabled(ctx);
  const { repo, drafts } = await readableRepository(ctx, owner, name).catch(() => Promise.reject(absent()));
  if (!allowsScope(ctx.viewer, 'repository', 'read')) throw forbidden('token does not have at least one of required scope(s): [read:repository]');
  const release = await ctx.db.release.findFirst({ where: { ...visibleWhere(repo.id, drafts), tagName: tag } });
  if (!release) throw absent();
  const asset = await ctx.db.attachment.findFirst({ where: { releaseId: release.id, ...(uuid ? { uuid } : { name: fileName }) }, orderBy: { id: 'asc' } });
  if (!asset) throw absent();
  if (asset.externalUrl) return { kind: 'redirect', location: asset.externalUrl };
  return {
    kind: 'file',
    asset,
    open: (range) => readStoredFile(ctx, asset.uuid, range),
    count: async () => {
      await ctx.db.attachment.update({ where: { id: asset.id }, data: { downloadCount: { increment: 1 } }, select: { id: true } });
    },
  };
}
