import { readObject, readObjectInfo, type GitObjectType } from './cat-file.ts';
import { GitArg, gitText, runGit, v } from './command.ts';
import { GitError } from './errors.ts';
import { parseCommit, parseTag, type AnnotatedTag, type Commit, type Signature } from './objects.ts';
import { ObjectMemo } from './memo.ts';
import { isWellFormedRefName } from './names.ts';
import { updateRef, zeroOid, type ObjectFormat } from './repo.ts';

/**
 * Branches, tags and refs. Listing refs costs ONE git process (for-each-ref hands over names, ids and
 * git's order, nothing more); refs known by name (a page of the branch table) and their objects are read
 * through the batch reader, so they cost no process at all. Ref changes are compare-and-swap updates that
 * fail when someone else moved the ref meanwhile.
 */

export type { GitObjectType };
/** The name checks belong with the refs they guard; they live in names.ts so that repo.ts can use them too. */
export { MAX_REF_NAME_LENGTH, isValidRefShortName, isWellFormedRefName, revisionProblem } from './names.ts';

/** A commit read from its object, with what signature checks need. */
export interface CommitInfo extends Commit {
  /** The commit object without its signature header: what a signature signs ('' when unsigned). */
  payload: string;
}

/** Whether a commit came with its signed payload (was read from its object, not from a log listing). */
export const isCommitInfo = (commit: Commit): commit is CommitInfo => typeof (commit as Partial<CommitInfo>).payload === 'string';

export interface RefEntry {
  /** Full name: refs/heads/main. */
  name: string;
  /** The object the ref points at (for annotated tags: the tag object). */
  oid: string;
  type: GitObjectType;
  /** For refs to tag objects: the object the tag points at (one level). */
  peeledOid?: string;
  peeledType?: GitObjectType;
}

export interface BranchEntry {
  name: string;
  oid: string;
  commit: CommitInfo;
}

export interface TagEntry {
  name: string;
  /** The tag object's id for annotated tags, the target's id for lightweight ones. */
  oid: string;
  isAnnotated: boolean;
  /** The commit the tag finally names (null when it names a tree or blob). */
  commitOid: string | null;
  /** The type of the object the ref names directly. */
  targetType: GitObjectType;
  /** Annotated: the tag's message; lightweight: the commit's message. */
  message: string;
  /** Annotated: the tagger; lightweight: the commit's committer. */
  tagger: Signature | null;
}

/** A for-each-ref pattern (a full ref name, or a prefix such as refs/heads/) made of a well-formed name. */
const isSafePattern = (pattern: string) => isWellFormedRefName(pattern.replace(/\/$/, ''), Infinity);

// ---------------------------------------------------------------------------------------------
// Reading

const HEADS = 'refs/heads/';
const TAGS = 'refs/tags/';
const FORMAT = ['%(refname)', '%(objectname)', '%(objecttype)', '%(*objectname)', '%(*objecttype)'].join('%00');

export interface ForEachRefOptions {
  /** Sort keys in git's syntax, primary key LAST (as git takes them). Default: refname. */
  sort?: string[];
  /** Keep only refs whose full name is exactly one of the patterns (git matches patterns by prefix up to a slash). */
  exact?: boolean;
}

/** One `git for-each-ref` over the patterns (full ref names or prefixes such as refs/heads/): names, ids and types, in git's order. */
export async function forEachRef(gitDir: string, patterns: string[], options: ForEachRefOptions = {}): Promise<RefEntry[]> {
  const sort = (options.sort ?? ['refname']).map((key) => GitArg.literal(`--sort=${key}`));
  for (const pattern of patterns) if (!isSafePattern(pattern)) return [];
  const { stdout } = await runGit(['for-each-ref', ...sort, `--format=${FORMAT}`, '--', ...patterns.map(v)], { gitDir, what: 'listing refs' });
  const text = stdout.toString('utf8');
  const entries = text ? text.replace(/\n$/, '').split('\n').map((line) => entryOf(line.split('\0'))) : [];
  return options.exact ? entries.filter((e) => patterns.includes(e.name)) : entries;
}

function entryOf(fields: string[]): RefEntry {
  const [name, oid, type, peeledOid, peeledType] = fields;
  return { name, oid, type: type as GitObjectType, ...(peeledOid ? { peeledOid, peeledType: peeledType as GitObjectType } : {}) };
}

const shortName = (ref: RefEntry, prefix: string) => ref.name.slice(prefix.length);

/** Parses a commit and keeps the signed payload (the object less its gpgsig header) when it is signed. */
export function commitInfo(oid: string, data: Buffer): CommitInfo {
  const commit = parseCommit(oid, data);
  return { ...commit, payload: commit.signature ? signedPayload(data.toString('utf8')) : '' };
}

/**
 * The signed payload of a raw commit object: the object without its signature header
 * (gpgsig / gpgsig-sha256 and their continuation lines), as a verifier would check it.
 */
function signedPayload(text: string): string {
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const kept: string[] = [];
  let inSignature = false;
  for (const line of head.split('\n')) {
    if (line.startsWith('gpgsig ') || line.startsWith('gpgsig-sha256 ')) inSignature = true;
    else if (!(inSignature && line.startsWith(' '))) {
      inSignature = false;
      kept.push(line);
    }
  }
  return kept.join('\n') + (end < 0 ? '' : text.slice(end));
}

/** Just the branch names (for counts and conflicts); one git process. */
export async function branchNames(gitDir: string): Promise<string[]> {
  return (await forEachRef(gitDir, [HEADS])).map((r) => shortName(r, HEADS));
}

/** One branch as git has it now (for changes, which must see the truth): one git process. */
export async function readBranch(gitDir: string, name: string): Promise<BranchEntry | null> {
  const [ref] = await forEachRef(gitDir, [`${HEADS}${name}`], { exact: true });
  return ref?.type === 'commit' ? toBranch(gitDir, shortName(ref, HEADS), ref.oid) : null;
}

/**
 * Branches by name with their head commits, read through the batch reader (no process, however many):
 * null where a name is no branch (or its ref names no commit). Only the refs are asked of git each time;
 * commits already parsed come from memory.
 */
export async function readBranchHeads(gitDir: string, names: string[]): Promise<(BranchEntry | null)[]> {
  const heads = await Promise.all(names.map((name) => (isWellFormedRefName(name) ? readObjectInfo(gitDir, `${HEADS}${name}`) : null)));
  return Promise.all(
    heads.map(async (head, i) => {
      const commit = head?.type === 'commit' ? await commitAt(gitDir, head.oid) : null;
      return commit ? { name: names[i], oid: commit.oid, commit } : null;
    }),
  );
}

/** The branch whose head `rev` names (an id or its full ref name); null when that is no commit. */
async function toBranch(gitDir: string, name: string, rev: string): Promise<BranchEntry | null> {
  const obj = await readObject(gitDir, rev);
  return obj?.type === 'commit' ? { name, oid: obj.oid, commit: commitInfo(obj.oid, obj.data) } : null;
}

/**
 * Parsed objects by `${gitDir}\0${oid}`: objects never change, so lists read again cost only their refs.
 * The object cache (object-cache.ts) keeps their bytes, but parsing a commit again costs a page more than
 * reading it (about 9 µs a commit, measured on pages of 50 branches). Keyed by repository too, and only
 * asked for ids a ref of that repository was just seen to name, so nothing is answered from another's objects.
 */
const parsedCommits = new ObjectMemo<CommitInfo>(5_000);
const parsedTags = new ObjectMemo<AnnotatedTag>(2_000);

/** An object of one type by full id, parsed once; null when the object is not of that type. */
async function parsedAt<T>(memo: ObjectMemo<T>, type: 'commit' | 'tag', parse: (oid: string, data: Buffer) => T, gitDir: string, oid: string): Promise<T | null> {
  const key = `${gitDir}\0${oid}`;
  const known = memo.get(key);
  if (known) return known;
  const obj = await readObject(gitDir, oid);
  if (obj?.type !== type) return null;
  const parsed = Object.freeze(parse(obj.oid, obj.data));
  memo.set(key, parsed);
  return parsed;
}

const commitAt = (gitDir: string, oid: string) => parsedAt(parsedCommits, 'commit', commitInfo, gitDir, oid);
const tagObjectAt = (gitDir: string, oid: string) => parsedAt(parsedTags, 'tag', parseTag, gitDir, oid);

/** One tag as git has it now (for changes): one git process. */
export async function readTagRef(gitDir: string, name: string): Promise<TagEntry | null> {
  const [ref] = await forEachRef(gitDir, [`${TAGS}${name}`], { exact: true });
  return ref ? describeTag(gitDir, ref) : null;
}

/**
 * A listed tag ref with its message and tagger (or commit message and committer) read through the batch
 * reader; a tag of a tag is peeled the rest of the way there too.
 */
export async function describeTag(gitDir: string, ref: RefEntry): Promise<TagEntry> {
  let commitOid: string | null = null;
  if (ref.type === 'commit') commitOid = ref.oid;
  else if (ref.peeledType === 'commit') commitOid = ref.peeledOid!;
  else if (ref.peeledType === 'tag') commitOid = (await readObject(gitDir, `${ref.oid}^{commit}`))?.oid ?? null;
  return tagAt(gitDir, { name: shortName(ref, TAGS), oid: ref.oid, type: ref.type, commitOid });
}

/** What is known of a tag ref without reading objects: its name, its object, and the commit it leads to. */
export interface TagRef {
  name: string;
  oid: string;
  type: GitObjectType;
  commitOid: string | null;
}

/**
 * Tags by name, each confirmed against git through the batch reader (no process, however many): null where
 * the ref no longer names the expected object. Tag objects and commits are read for messages and taggers.
 */
export async function readTagsAt(gitDir: string, tags: TagRef[]): Promise<(TagEntry | null)[]> {
  const current = await Promise.all(tags.map((t) => (isWellFormedRefName(t.name) ? readObjectInfo(gitDir, `${TAGS}${t.name}`) : null)));
  return Promise.all(tags.map((t, i) => (current[i]?.oid === t.oid ? tagAt(gitDir, t) : null)));
}

async function tagAt(gitDir: string, ref: TagRef): Promise<TagEntry> {
  // Lightweight tags of trees or blobs show no message: their objects are never read.
  if (ref.type === 'tag') {
    const tag = await tagObjectAt(gitDir, ref.oid);
    return { name: ref.name, oid: ref.oid, isAnnotated: true, commitOid: ref.commitOid, targetType: 'tag', message: stripTagSignature(tag?.message ?? ''), tagger: tag?.tagger ?? null };
  }
  const commit = ref.type === 'commit' ? await commitAt(gitDir, ref.oid) : null;
  return {
    name: ref.name,
    oid: ref.oid,
    isAnnotated: false,
    commitOid: ref.type === 'commit' ? ref.oid : null,
    targetType: ref.type,
    message: commit?.message ?? '',
    tagger: commit?.committer ?? null,
  };
}

/** A signed tag carries its signature at the end of the message; the message is what precedes it. */
export function stripTagSignature(message: string): string {
  const at = message.search(/^-----BEGIN (PGP|SSH) SIGNATURE-----$/m);
  return at < 0 ? message : message.slice(0, at);
}

/** Every ref (or those under a prefix), sorted by name; one git process. */
export async function listAllRefs(gitDir: string): Promise<RefEntry[]> {
  return forEachRef(gitDir, ['refs/']);
}

/**
 * The commit a start point names: a branch, a tag, a full ref name, or a (possibly abbreviated) commit
 * id, in that order of preference; null when none exists.
 */
export async function resolveStartPoint(gitDir: string, name: string): Promise<string | null> {
  if (!isWellFormedRefName(name)) return null;
  const candidates = name.startsWith('refs/') ? [name] : [`refs/heads/${name}`, `refs/tags/${name}`];
  const refs = await forEachRef(gitDir, candidates, { exact: true });
  for (const candidate of candidates) {
    const ref = refs.find((r) => r.name === candidate);
    if (!ref) continue;
    if (ref.type === 'commit') return ref.oid;
    const peeled = await readObject(gitDir, `${ref.oid}^{commit}`);
    return peeled?.oid ?? null;
  }
  if (/^[0-9a-f]{4,64}$/i.test(name)) return (await readObject(gitDir, `${name.toLowerCase()}^{commit}`))?.oid ?? null;
  return null;
}

/** Tag objects larger than this (a message of megabytes) are answered as absent instead of being loaded. */
const MAX_TAG_OBJECT_BYTES = 1024 * 1024;

/** A tag object by id; null when there is no such object or it is not a tag. */
export async function readAnnotatedTag(gitDir: string, oid: string): Promise<{ tag: AnnotatedTag; commitOid: string | null } | null> {
  if (!/^[0-9a-f]{4,64}$/i.test(oid)) return null;
  // Type and size first: never load a blob (or a huge tag) just to find it is not a tag we show.
  const info = await readObjectInfo(gitDir, oid.toLowerCase());
  if (!info || info.type !== 'tag' || info.size > MAX_TAG_OBJECT_BYTES) return null;
  const obj = await readObject(gitDir, info.oid);
  if (!obj || obj.type !== 'tag') return null;
  const tag = parseTag(obj.oid, obj.data);
  const commit = await readObject(gitDir, `${obj.oid}^{commit}`);
  return { tag: { ...tag, message: stripTagSignature(tag.message) }, commitOid: commit?.oid ?? null };
}

/** Reads a commit through the batch reader (no new process). */
export async function readCommitInfo(gitDir: string, oid: string): Promise<CommitInfo | null> {
  const obj = await readObject(gitDir, `${oid}^{commit}`);
  return obj ? commitInfo(obj.oid, obj.data) : null;
}

// ---------------------------------------------------------------------------------------------
// Changing

const asConflict = (what: string) => (err: unknown) => {
  if (err instanceof GitError) throw new GitError('CONFLICT', `${what} changed meanwhile or cannot be updated`, err.stderr);
  throw err;
};

/** Creates a ref that must not exist yet. */
export async function createRef(gitDir: string, ref: string, oid: string, format: ObjectFormat) {
  await updateRef(gitDir, ref, oid, zeroOid(format));
}

/** Deletes a ref only while it still points at `expectedOid`. */
export async function deleteRefIfAt(gitDir: string, ref: string, expectedOid: string) {
  await runGit(['update-ref', '-d', v(ref), v(expectedOid)], { gitDir }).catch(asConflict(ref));
}

/**
 * Renames a ref in one all-or-nothing transaction: the new name is created (it must not exist) and the
 * old one deleted (it must still point at `oid`), or nothing changes.
 */
export async function renameRef(gitDir: string, from: string, to: string, oid: string) {
  const input = `create ${to}\0${oid}\0` + `delete ${from}\0${oid}\0`;
  await runGit(['update-ref', '-z', '--stdin', '-m', 'graft: rename'], { gitDir, input }).catch(asConflict(from));
}

/** Writes an annotated tag object for `targetOid` (a commit) and returns its id; the ref is not touched. */
export async function writeTagObject(
  gitDir: string,
  options: { name: string; targetOid: string; message: string; tagger: { name: string; email: string; date?: Date } },
): Promise<string> {
  const clean = (s: string) => s.replace(/[<>\n\0]/g, '').trim();
  const seconds = Math.floor((options.tagger.date ?? new Date()).getTime() / 1000);
  const message = options.message.endsWith('\n') ? options.message : `${options.message}\n`;
  const body =
    `object ${options.targetOid}\ntype commit\ntag ${options.name}\n` +
    `tagger ${clean(options.tagger.name) || 'unknown'} <${clean(options.tagger.email)}> ${seconds} +0000\n\n${message}`;
  return gitText(['mktag'], { gitDir, input: body, what: 'writing the tag object' });
}
