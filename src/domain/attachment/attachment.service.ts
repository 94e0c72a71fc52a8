import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { Tx } from '../../db/client.ts';
import type { Attachment, Comment, Issue, User } from '../../db/models.ts';
import { forbidden, invalid, notFound, tooLarge, unauthenticated } from '../../errors.ts';
import { transactionWithEvents, type Publish } from '../../events/outbox.ts';
import type { IssueAttachmentEvent } from '../../events/topics.ts';
import type { ServiceContext } from '../../services.ts';
import type { IncomingFile } from '../../storage/incoming.ts';
import { storageFor } from '../../storage/stores.ts';
import { allowsScope } from '../../auth/viewer.ts';
import { satisfies, repositoryPermission, type RepositoryPermission } from '../access/access.service.ts';
import type { IssueView } from '../issue/issue.service.ts';
import { getRepositoryById, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { getWritableRepository } from '../repo/writable.ts';
import { checkMaxLength } from '../formats.ts';
import type { UpdateAttachmentInput } from './attachment.inputs.ts';
import { FORBIDDEN_TYPE, HEAD_BYTES, MAX_NAME, maxBytes, typeAllowed } from './attachment.rules.ts';

/**
 * Files attached to issues and to their comments. The rows live in the database, the bytes in the attachment
 * store (src/storage) under a key made from the row's uuid; a row and its file come and go together: an upload
 * writes the file under a temporary key first, then inserts the row and moves the file in one transaction, and
 * removes what it wrote when anything fails; deleting the row deletes the file.
 */

/** What an attachment hangs on: an issue (by number) or a comment (by id), in a repository named by the caller. */
export type AttachmentTarget = { issue: number } | { comment: number };

/** The store key of an attachment's bytes, as Gitea lays its files out: `a/b/ab…` from the uuid. */
export const fileKey = (uuid: string) => `${uuid[0]}/${uuid[1]}/${uuid}`;

const store = (ctx: Pick<ServiceContext, 'config'>) => storageFor(ctx.config, 'attachments');

/** Issues and pull requests are read and written through their own units (Gitea: CanRead/WriteIssuesOrPulls). */
const unitOf = (issue: Pick<Issue, 'isPull'>) => (issue.isPull ? 'repo.pulls' : 'repo.issues') as 'repo.pulls' | 'repo.issues';

function unitOpen(repo: RepositoryWithOwner, issue: Pick<Issue, 'isPull'>, permission: RepositoryPermission, level: 'read' | 'write') {
  const switchedOn = issue.isPull ? repo.hasPullRequests : repo.hasIssues;
  return switchedOn && satisfies(permission, { unit: unitOf(issue), level });
}

function signedIn(ctx: ServiceContext): User {
  if (!ctx.viewer.user) throw unauthenticated();
  return ctx.viewer.user;
}

/** Every attachment route answers 404 while attachments are switched off (attachment.ENABLED), as in Gitea. */
function checkEnabled(ctx: ServiceContext) {
  if (!ctx.config.attachment.ENABLED) throw notFound('attachments are disabled on this server');
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The attachments of many issues, the issues' own (not their comments'), oldest first: one statement. */
export async function attachmentsOfIssues(ctx: ServiceContext, issueIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  const rows = await ctx.db.attachment.findMany({ where: { issueId: { in: [...issueIds] }, commentId: null }, orderBy: { id: 'asc' } });
  return groupBy(rows, (row) => row.issueId!);
}

/** The attachments of many comments, oldest first: one statement. */
export async function attachmentsOfComments(ctx: ServiceContext, commentIds: readonly number[]): Promise<Map<number, Attachment[]>> {
  const rows = await ctx.db.attachment.findMany({ where: { commentId: { in: [...commentIds] } }, orderBy: { id: 'asc' } });
  return groupBy(rows, (row) => row.commentId!);
}

function groupBy<T>(rows: T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/** One attachment of an issue the caller reads (the issue's own, not one of its comments'); null when there is none. */
export async function getIssueAttachment(ctx: ServiceContext, view: IssueView, id: number): Promise<Attachment | null> {
  checkEnabled(ctx);
  const row = await ctx.db.attachment.findUnique({ where: { id } });
  return row && row.repoId === view.repo.id && row.issueId === view.issue.id && row.commentId === null ? row : null;
}

interface CommentView {
  comment: Comment & { issue: Issue };
  repo: RepositoryWithOwner;
}

/** A comment of a repository's issues or pull requests that the caller reads; null when there is none. */
async function readableComment(ctx: ServiceContext, repo: RepositoryWithOwner, commentId: number, permission?: RepositoryPermission): Promise<CommentView | null> {
  const comment = await ctx.db.comment.findUnique({ where: { id: commentId }, include: { issue: true } });
  if (!comment || comment.issue.repoId !== repo.id) return null;
  if (!unitOpen(repo, comment.issue, permission ?? (await repositoryPermission(ctx, repo)), 'read')) return null;
  return { comment, repo };
}

/** The attachments of a comment the caller reads, oldest first; null when there is no such comment. */
export async function listCommentAttachments(ctx: ServiceContext, repo: RepositoryWithOwner, commentId: number): Promise<Attachment[] | null> {
  checkEnabled(ctx);
  const found = await readableComment(ctx, repo, commentId);
  if (!found) return null;
  return (await attachmentsOfComments(ctx, [commentId])).get(commentId) ?? [];
}

/** One attachment of a comment the caller reads; null when either does not exist. */
export async function getCommentAttachment(ctx: ServiceContext, repo: RepositoryWithOwner, commentId: number, id: number): Promise<Attachment | null> {
  checkEnabled(ctx);
  const found = await readableComment(ctx, repo, commentId);
  if (!found) return null;
  const row = await ctx.db.attachment.findUnique({ where: { id } });
  return row && row.repoId === repo.id && row.commentId === commentId ? row : null;
}

// ---------------------------------------------------------------------------------------------
// What a write acts on

interface WriteTarget {
  actor: User;
  repo: RepositoryWithOwner;
  issue: Issue;
  comment: Comment | null;
}

/**
 * The issue or comment a write acts on, with the caller's right to it checked before anything changes, in
 * Gitea's order: attachments switched off or the repository hidden: 404; archived: 423; no such issue or
 * comment (or one the caller does not read): 404; then only the poster of the issue or comment, or whoever
 * writes to the issues (pull requests: the pulls), may go on: 403.
 */
async function writeTarget(ctx: ServiceContext, owner: string, name: string, target: AttachmentTarget): Promise<WriteTarget> {
  checkEnabled(ctx);
  const actor = signedIn(ctx);
  const { repo, permission } = await getWritableRepository(ctx, owner, name, 'read');
  let issue: Issue | null;
  let comment: Comment | null = null;
  if ('issue' in target) {
    issue = await ctx.db.issue.findUnique({ where: { repoId_number: { repoId: repo.id, number: target.issue } } });
    if (!issue || !unitOpen(repo, issue, permission, 'read')) throw notFound(`issue #${target.issue} does not exist`);
  } else {
    const found = await readableComment(ctx, repo, target.comment, permission);
    if (!found) throw notFound('no matching issue comment found');
    issue = found.comment.issue;
    comment = found.comment;
  }
  const poster = comment ? comment.posterId : issue.posterId;
  if (poster !== actor.id && !unitOpen(repo, issue, permission, 'write')) {
    throw forbidden(comment ? 'user should have permission to edit comment' : 'user should have permission to write issue');
  }
  return { actor, repo, issue, comment };
}

/** The attachment `id` of the target: its repository's, and the issue's own or the comment's; 404 otherwise. */
async function attachmentOf(ctx: ServiceContext, at: WriteTarget, id: number): Promise<Attachment> {
  const row = await ctx.db.attachment.findUnique({ where: { id } });
  if (!row || row.repoId !== at.repo.id) throw notFound('no such attachment in repo');
  const belongs = at.comment ? row.commentId === at.comment.id : row.issueId === at.issue.id && row.commentId === null;
  if (!belongs) throw notFound(at.comment ? 'no such attachment in comment' : 'no such attachment in issue');
  return row;
}

async function announce(publish: Publish, at: WriteTarget, row: Attachment, action: IssueAttachmentEvent['action']) {
  await publish('issue_attachment', {
    action,
    actorId: at.actor.id,
    repoId: at.repo.id,
    issueId: at.issue.id,
    number: at.issue.number,
    commentId: at.comment?.id ?? null,
    attachmentId: row.id,
    uuid: row.uuid,
    name: row.name,
  });
}

function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalid('the attachment needs a file name', { field: 'name' });
  checkMaxLength(trimmed, MAX_NAME, 'name');
  return trimmed;
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Attaches an uploaded file to an issue or a comment, named `name` or else by the client's file name. Access is
 * checked before a byte is read. The bytes then stream into the store under a temporary key while the limits
 * of the attachment settings are enforced as they arrive: the first kilobyte is judged against the allowed
 * types (name and content, Gitea's upload.Verify: 422), and the upload is refused as soon as it passes
 * MAX_SIZE (413) or its request carries more than MAX_FILES files (422). Only then is the row inserted and the
 * file moved to its key, in one transaction; whatever fails leaves neither row nor file behind.
 */
export async function createAttachment(ctx: ServiceContext, owner: string, name: string, target: AttachmentTarget, file: IncomingFile, fileName?: string | null): Promise<Attachment> {
  const at = await writeTarget(ctx, owner, name, target);
  const attachmentName = checkName(fileName?.trim() || file.filename);
  return storeUpload(ctx, file, attachmentName, ctx.config.attachment.ALLOWED_TYPES, async (tx, stored, publish) => {
    const created = await tx.attachment.create({
      data: { ...stored, name: attachmentName, repoId: at.repo.id, issueId: at.issue.id, commentId: at.comment?.id ?? null, uploaderId: at.actor.id },
    });
    // The upload's event is written with its row (src/events/outbox.ts).
    await announce(publish, at, created, 'uploaded');
    return created;
  });
}

/**
 * Streams an upload into the attachment store under a temporary key, within the limits of the attachment
 * settings (`allowedTypes` judged on the name and the first kilobyte: 422; MAX_SIZE as the bytes arrive: 413;
 * MAX_FILES: 422), then runs `insert` (the row, given its uuid and size, with the events it publishes) and moves the file to its key in one
 * transaction. Whatever fails leaves neither row nor file behind. Issue, comment and release files come here.
 */
export async function storeUpload(
  ctx: ServiceContext,
  file: IncomingFile,
  attachmentName: string,
  allowedTypes: string,
  insert: (tx: Tx, stored: { uuid: string; size: number }, publish: Publish) => Promise<Attachment>,
): Promise<Attachment> {
  const uuid = randomUUID();
  const tempKey = `tmp/${uuid}`;
  const files = store(ctx);
  try {
    const { size } = await files.put(tempKey, checked(file, attachmentName, { ...ctx.config.attachment, ALLOWED_TYPES: allowedTypes }));
    await file.finished();
    return await transactionWithEvents(ctx, async (tx, publish) => {
      const created = await insert(tx, { uuid, size }, publish);
      await files.move(tempKey, fileKey(uuid));
      return created;
    });
  } catch (err) {
    file.discard();
    await files.delete(tempKey);
    await files.delete(fileKey(uuid));
    throw err;
  }
}

/** Removes the stored files of attachments whose rows are gone (a missing file is no error). */
export async function deleteStoredFiles(ctx: Pick<ServiceContext, 'config'>, uuids: Iterable<string>): Promise<void> {
  const files = store(ctx);
  for (const uuid of uuids) await files.delete(fileKey(uuid));
}

/** The bytes of an attachment's file, whole or `range` (inclusive offsets); null when the file is missing. */
export function readStoredFile(ctx: Pick<ServiceContext, 'config'>, uuid: string, range?: { start: number; end: number }) {
  return store(ctx).get(fileKey(uuid), range);
}

/**
 * The file's bytes as they arrive, checked on the way: the first HEAD_BYTES (or the whole file, when smaller)
 * against the allowed types, every byte against the size limit. The request's stream is never destroyed (its
 * parser would wait on it forever): an error stops the check, and the rest is discarded by the caller.
 */
function checked(file: IncomingFile, name: string, settings: ServiceContext['config']['attachment']): Readable {
  const limit = maxBytes(settings);
  let seen = 0;
  let head: Buffer[] | null = [];
  let headLength = 0;
  const judge = (self: Transform): Error | null => {
    const first = Buffer.concat(head!);
    head = null;
    if (!typeAllowed(first, name, settings.ALLOWED_TYPES)) return invalid(FORBIDDEN_TYPE, { field: 'attachment' });
    if (first.length > 0) self.push(first);
    return null;
  };
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > limit) return done(tooLarge(`attachment exceeds limit ${limit}`, { limit }));
      if (!head) return done(null, chunk);
      head.push(chunk);
      headLength += chunk.length;
      done(headLength >= HEAD_BYTES ? judge(this) : null);
    },
    flush(done) {
      done(head ? judge(this) : null);
    },
  });
  // The bytes start to flow before the store takes the stream (it may first make a folder): a refusal in
  // that moment must not go unheard. The store still sees it (the stream is left errored).
  check.on('error', () => {});
  if (file.stream.destroyed) check.destroy(file.stream.errored ?? new Error('the upload was cut off'));
  file.stream.on('error', (err) => check.destroy(err));
  file.stream.pipe(check);
  return check;
}

/**
 * Renames an attachment. An empty or missing name keeps the old one; either way the name must still pass the
 * allowed types by its extension (Gitea's UpdateAttachment: 422).
 */
export async function updateAttachment(ctx: ServiceContext, owner: string, name: string, target: AttachmentTarget, id: number, input: UpdateAttachmentInput): Promise<Attachment> {
  const at = await writeTarget(ctx, owner, name, target);
  const before = await attachmentOf(ctx, at, id);
  const newName = input.name?.trim() ? checkName(input.name) : before.name;
  if (!typeAllowed(null, newName, ctx.config.attachment.ALLOWED_TYPES)) throw invalid(FORBIDDEN_TYPE, { field: 'name' });
  if (newName === before.name) return before;
  return transactionWithEvents(ctx, async (tx, publish) => {
    const row = await tx.attachment.update({ where: { id: before.id }, data: { name: newName } });
    await announce(publish, at, row, 'renamed');
    return row;
  });
}

/** Deletes an attachment: its row, then its file. */
export async function deleteAttachment(ctx: ServiceContext, owner: string, name: string, target: AttachmentTarget, id: number): Promise<void> {
  const at = await writeTarget(ctx, owner, name, target);
  const row = await attachmentOf(ctx, at, id);
  await transactionWithEvents(ctx, async (tx, publish) => {
    await tx.attachment.delete({ where: { id: row.id } });
    await announce(publish, at, row, 'deleted');
  });
  await store(ctx).delete(fileKey(row.uuid));
}

// ---------------------------------------------------------------------------------------------
// Downloading

export interface AttachmentDownload {
  attachment: Attachment;
  /** The file's bytes. */
  stream: Readable;
}

/**
 * An attachment's file by its uuid (`/attachments/{uuid}`, its browser_download_url), for whoever reads the
 * issues (pull requests: the pulls) of its repository, as Gitea's ServeAttachment decides; a token needs
 * read:issue. Everything else is 404, as if there were no such file. Each download counts once (`count`: a HEAD
 * request reads the file's facts without downloading it).
 */
export async function openAttachment(ctx: ServiceContext, uuid: string, { count }: { count: boolean }): Promise<AttachmentDownload> {
  const absent = () => notFound(`attachment ${uuid} does not exist`);
  const row = await ctx.db.attachment.findUnique({ where: { uuid }, include: { issue: true } });
  if (!row?.issue) throw absent();
  const { repo, permission } = await getRepositoryById(ctx, row.repoId).catch(() => ({ repo: null, permission: null }));
  if (!repo || !permission || !unitOpen(repo, row.issue, permission, 'read')) throw absent();
  if (!allowsScope(ctx.viewer, 'issue', 'read')) throw forbidden('token does not have at least one of required scope(s): [read:issue]');
  const stream = await store(ctx).get(fileKey(row.uuid));
  if (!stream) throw absent();
  const { issue: _issue, ...unchanged } = row;
  const attachment = count ? await ctx.db.attachment.update({ where: { id: row.id }, data: { downloadCount: { increment: 1 } } }) : unchanged;
  return { attachment, stream };
}
