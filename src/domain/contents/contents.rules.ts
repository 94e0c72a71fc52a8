import type { User } from '../../db/models.ts';
import { invalid } from '../../errors.ts';
import { GitError } from '../../git/errors.ts';
import { cleanPath, type Identity } from '../../git/write.ts';
import { FILE_OPERATIONS, type CommitOptionsInput, type FileChangeInput, type FileOperation, type IdentityInput } from './contents.inputs.ts';

/**
 * The checks on what a contents request names and sends, before anything is read or written: paths, file
 * operations (their content, blob ids and paths together), commit identities and dates, and the message.
 */

/**
 * A tree path from a request: relative, no empty or '.' parts, never '..', '.git' (in any case), control
 * characters or a leading '/'. '' is the root, where allowed.
 */
export function normalizePath(raw: string, options: { allowRoot: boolean; what?: string }): string {
  const what = options.what ?? 'path';
  if (raw.startsWith('/') || raw.startsWith('\\')) throw invalid(`${what} "${raw}" must be relative to the repository root`);
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f]/.test(raw)) throw invalid(`${what} may not contain control characters`);
  const parts = raw.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) {
    if (options.allowRoot) return '';
    throw invalid(`${what} is required`);
  }
  if (parts.some((p) => p.toLowerCase() === '.git')) throw invalid(`${what} "${raw}" may not contain a ".git" component`);
  try {
    return cleanPath(parts.join('/'));
  } catch (err) {
    if (err instanceof GitError) throw invalid(`${what} "${raw}" is invalid: it may not contain ".." components`);
    throw err;
  }
}

/** A file operation as checked: clean paths, decoded content, a lower-case blob id. */
export interface PreparedFile {
  operation: FileOperation;
  path: string;
  fromPath: string;
  content: Buffer | null;
  sha: string | null;
}

function decodeBase64(text: string, path: string): Buffer {
  // Line breaks are allowed (as Go's decoder skips them); anything else must be strict, padded base64.
  const compact = text.replace(/[\r\n]/g, '');
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) throw invalid(`the content of "${path}" is not valid base64`);
  return Buffer.from(compact, 'base64');
}

/** Checks the file operations of one change, alone and together (one operation per path, no file inside a file). */
export function prepareFiles(files: FileChangeInput[]): PreparedFile[] {
  if (files.length === 0) throw invalid('files: at least one file operation is required');
  const prepared = files.map((file): PreparedFile => {
    if (!FILE_OPERATIONS.includes(file.operation)) throw invalid(`operation must be one of ${FILE_OPERATIONS.join(', ')}`);
    const path = normalizePath(file.path ?? '', { allowRoot: false });
    const fromPath = file.fromPath ? normalizePath(file.fromPath, { allowRoot: false, what: 'from_path' }) : path;
    if (file.operation === 'rename' && fromPath === path) throw invalid(`rename of "${path}" needs a from_path other than the path`);
    const writes = file.operation !== 'delete' && file.operation !== 'rename';
    const sha = file.sha?.trim().toLowerCase() || null;
    if (sha && !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha)) throw invalid(`sha "${file.sha}" is not an object id`);
    return { operation: file.operation, path, fromPath, content: writes ? decodeBase64(file.content ?? '', path) : null, sha };
  });
  const targets = prepared.filter((f) => f.operation !== 'delete').map((f) => f.path);
  const touched = [...prepared.map((f) => f.path), ...prepared.filter((f) => f.fromPath !== f.path).map((f) => f.fromPath)];
  const duplicate = touched.find((p, i) => touched.indexOf(p) !== i);
  if (duplicate) throw invalid(`"${duplicate}" appears in more than one file operation`);
  const nested = targets.find((p) => targets.some((q) => q.startsWith(`${p}/`)));
  if (nested) throw invalid(`"${nested}" cannot be both a file and a directory`);
  return prepared;
}

/** ISO 8601 / RFC 3339 date-time → the instant and its UTC offset (+hhmm) as git records it. */
function parseDate(text: string, field: string): { date: Date; timezone: string } {
  const match = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i.exec(text.trim());
  const date = new Date(text.trim());
  if (!match || Number.isNaN(date.getTime())) throw invalid(`${field} must be an RFC 3339 date-time`);
  const zone = match[3];
  const timezone = !zone || zone.toUpperCase() === 'Z' ? '+0000' : zone.replace(':', '');
  return { date, timezone };
}

/** Author and committer: each field from its own identity, else the other one, else the caller. */
export function identities(viewer: User, input: CommitOptionsInput): { author: Identity; committer: Identity } {
  const pick = (own: IdentityInput | null | undefined, other: IdentityInput | null | undefined) => ({
    name: own?.name?.trim() || other?.name?.trim() || viewer.fullName || viewer.login,
    email: own?.email?.trim() || other?.email?.trim() || viewer.email,
  });
  const author: Identity = pick(input.author, input.committer);
  const committer: Identity = pick(input.committer, input.author);
  const authorDate = input.dates?.author ? parseDate(input.dates.author, 'dates.author') : null;
  const committerDate = input.dates?.committer ? parseDate(input.dates.committer, 'dates.committer') : null;
  const now = { date: new Date(), timezone: '+0000' };
  Object.assign(author, authorDate ?? committerDate ?? now);
  Object.assign(committer, committerDate ?? authorDate ?? now);
  for (const who of [author, committer]) {
    if (/[<>\n]/.test(who.name) || /[<>\n]/.test(who.email)) throw invalid('author and committer names and emails may not contain <, > or line breaks');
  }
  return { author, committer };
}

/** Gitea's message when none is given: Add, Update and Delete lines naming the paths. */
export function defaultMessage(files: PreparedFile[]): string {
  const list = (ops: FileOperation[]) => files.filter((f) => ops.includes(f.operation)).map((f) => f.path);
  const lines: string[] = [];
  if (list(['create']).length) lines.push(`Add ${list(['create']).join(', ')}`);
  if (list(['update', 'upload', 'rename']).length) lines.push(`Update ${list(['update', 'upload', 'rename']).join(', ')}`);
  if (list(['delete']).length) lines.push(`Delete ${list(['delete']).join(', ')}`);
  return lines.join('\n');
}

/** The message with a Signed-off-by trailer for the committer, when asked for. */
export function finalMessage(message: string, signoff: boolean | null | undefined, committer: Identity): string {
  return signoff ? `${message}\n\nSigned-off-by: ${committer.name} <${committer.email}>` : message;
}
