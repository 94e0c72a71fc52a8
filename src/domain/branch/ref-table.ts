import { cachedRead } from '../../cache/cache.ts';
import type { Branch, Prisma, Repository, Tag } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertRows } from '../../db/insert-rows.ts';
import { databaseTarget } from '../../db/provider.ts';
import { readObject, readObjectInfo } from '../../git/cat-file.ts';
import { parseCommit, parseTag, type Commit } from '../../git/objects.ts';
import { describeTag, forEachRef, isWellFormedRefName, type RefEntry, type TagRef } from '../../git/refs.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import { pageFrom } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPath } from '../repo/storage.ts';

/**
 * The branch and tag tables: what git's refs/heads/ and refs/tags/ held at the last sync, so that lists
 * page, count, order and filter in SQL with no git process (as Gitea keeps its branch table). Every change
 * of refs syncs right after git changed (pushes, branch and tag API, file changes, merge-upstream, forks,
 * new repositories); a repository never synced (refsSyncedAt null, e.g. created before the tables
 * existed) is synced by the first read, and readers resync when git contradicts a row they show.
 */

type Ctx = Pick<ServiceContext, 'db' | 'config' | 'cache'>;

const HEADS = 'refs/heads/';
const TAGS = 'refs/tags/';
/** Names per DELETE … IN: well below every database's limit on bound parameters. */
const CHUNK = 500;
/** git's creatordate for objects that carry no date (tags of trees or blobs, tag objects without tagger). */
const NO_DATE = new Date(0);

const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** What a sync leaves on the repository row. */
export interface RefState {
  isEmpty: boolean;
  branchCount: number;
  refsSyncedAt: Date;
}

/**
 * Syncs of one repository run one after the other in this process, so an older view of git never
 * overwrites a newer one. Another instance syncing the same repository at the same moment makes an insert
 * collide (a taken name): the sync then runs again on the rows as they now are.
 */
const running = new Map<number, Promise<unknown>>();

/**
 * Rebuilds a repository's branch and tag rows from git: one `git for-each-ref`; the head commits and tag
 * objects of refs that are new or moved since the last sync are read through the batch reader. Rows, the
 * branch count, isEmpty and refsSyncedAt (with `extra`) change in one transaction. Returns the branch names
 * and what the repository row now holds.
 */
export function syncRefs(ctx: Ctx, repo: Pick<Repository, 'id'>, extra: Prisma.RepositoryUpdateInput = {}): Promise<{ branches: string[]; state: RefState }> {
  const once = () => syncNow(ctx, repo.id, extra);
  return serialized(repo.id, () => once().catch((err) => (isUniqueViolation(err) ? once() : Promise.reject(err))));
}

/** Runs `work` after every sync of the repository already started in this process. */
function serialized<T>(repoId: number, work: () => Promise<T>): Promise<T> {
  const previous = running.get(repoId) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(work);
  running.set(repoId, run);
  void run.finally(() => running.get(repoId) === run && running.delete(repoId)).catch(() => {});
  return run;
}

/** A ref update git carried out: the ref's value before and after it (all zeros: no ref). */
export interface RefChange {
  ref: string;
  before: string;
  after: string;
}

const isZero = (oid: string) => /^0+$/.test(oid);

/**
 * Applies ref updates git just made (a push's accepted commands, an API change) to the rows without
 * listing git's refs: only the objects the refs now name are read, through the batch reader. This holds
 * only when the rows held exactly the values the updates started from; otherwise (a ref that moved behind
 * the tables, a row never built, another sync racing on another instance) it changes nothing and answers
 * null, and the caller syncs. Rows, the branch count, isEmpty, refsSyncedAt and `extra` change in one
 * transaction, in turn with the syncs of the same repository (`extra` may still be computing meanwhile).
 * `hasDefault`: whether the repository's default branch has a row now.
 */
export function applyRefChanges(
  ctx: Ctx,
  repo: Pick<Repository, 'id' | 'refsSyncedAt' | 'defaultBranch'>,
  changes: RefChange[],
  extra: Prisma.RepositoryUpdateInput | Promise<Prisma.RepositoryUpdateInput> = {},
): Promise<{ state: RefState; hasDefault: boolean } | null> {
  if (!repo.refsSyncedAt) return Promise.resolve(null);
  return serialized(repo.id, () =>
    applyNow(ctx, repo, changes, extra).catch((err) => (isUniqueViolation(err) ? null : Promise.reject(err))),
  );
}

async function applyNow(ctx: Ctx, repo: Pick<Repository, 'id' | 'defaultBranch'>, changes: RefChange[], extra: Prisma.RepositoryUpdateInput | Promise<Prisma.RepositoryUpdateInput>) {
  const repoId = repo.id;
  const gitDir = repositoryPath(ctx.config, repoId);
  const tracked = (prefix: string) =>
    changes.filter((c) => c.ref.startsWith(prefix) && isWellFormedRefName(c.ref.slice(prefix.length))).map((c) => ({ ...c, name: c.ref.slice(prefix.length) }));
  const heads = tracked(HEADS);
  const tags = tracked(TAGS);
  // The new rows are read from git while the database is asked for the current ones: they depend only on
  // the object ids the refs now name, and are dropped unused when the rows turn out not to match.
  const readCommit = commitReader(gitDir);
  const entryOf = (c: RefChange) => (isZero(c.after) ? Promise.resolve(null) : refEntryAt(gitDir, c.ref, c.after));
  const fromGit = (async () => {
    const [headEntries, tagEntries] = await Promise.all([Promise.all(heads.map(entryOf)), Promise.all(tags.map(entryOf))]);
    const newBranches = (await Promise.all(headEntries.map((ref) => (ref?.type === 'commit' ? branchRow(repoId, ref, readCommit) : null)))).filter((b): b is BranchRowData => b !== null);
    const newTags = await Promise.all(tagEntries.filter((ref): ref is RefEntry => ref !== null).map((ref) => tagRow(gitDir, repoId, ref)));
    return { newBranches, newTags };
  })();
  fromGit.catch(() => {});
  // The rows of the names concerned (all of them, when so many names would not fit in one statement).
  const named = (names: string[]) => (names.length <= CHUNK ? { name: { in: names } } : {});
  const branchNames = [...heads.map((c) => c.name), repo.defaultBranch];
  const tagNames = tags.map((c) => c.name);
  const [branchRows, tagRows, branchCount] = await Promise.all([
    ctx.db.branch.findMany({ where: { repoId, ...named(branchNames) }, select: { name: true, commitId: true } }),
    tags.length ? ctx.db.tag.findMany({ where: { repoId, ...named(tagNames) }, select: { name: true, oid: true } }) : [],
    ctx.db.branch.count({ where: { repoId } }),
  ]);
  const knownBranches = new Map(branchRows.map((r) => [r.name, r.commitId]));
  const knownTags = new Map(tagRows.map((r) => [r.name, r.oid]));
  // Each row must hold what git held before the update (no row for a ref that did not exist).
  const startsFrom = (known: Map<string, string>) => (c: RefChange & { name: string }) => known.get(c.name) === (isZero(c.before) ? undefined : c.before);
  if (!heads.every(startsFrom(knownBranches)) || !tags.every(startsFrom(knownTags))) return null;
  const { newBranches, newTags } = await fromGit;

  const replacedBranches = heads.map((c) => c.name).filter((name) => knownBranches.has(name));
  const replacedTags = tags.map((c) => c.name).filter((name) => knownTags.has(name));
  const count = branchCount - replacedBranches.length + newBranches.length;
  const state: RefState = { isEmpty: count === 0, branchCount: count, refsSyncedAt: new Date() };
  const changedDefault = heads.some((c) => c.name === repo.defaultBranch);
  const hasDefault = changedDefault ? newBranches.some((b) => b.name === repo.defaultBranch) : knownBranches.has(repo.defaultBranch);
  await writeRows(ctx, repoId, { replacedBranches, replacedTags, newBranches, newTags, repository: { ...state, ...(await extra) } });
  return { state, hasDefault };
}

/**
 * One transaction: rows of moved or gone refs deleted (in chunks), rows of new or moved ones inserted, the
 * repository's state written.
 */
async function writeRows(
  ctx: Ctx,
  repoId: number,
  rows: { replacedBranches: string[]; replacedTags: string[]; newBranches: BranchRowData[]; newTags: Awaited<ReturnType<typeof tagRow>>[]; repository: Prisma.RepositoryUpdateInput },
) {
  const provider = databaseTarget(ctx.config).provider;
  const now = new Date();
  await ctx.db.$transaction([
    ...chunks(rows.replacedBranches).map((names) => ctx.db.branch.deleteMany({ where: { repoId, name: { in: names } } })),
    ...chunks(rows.replacedTags).map((names) => ctx.db.tag.deleteMany({ where: { repoId, name: { in: names } } })),
    ...insertRows(ctx.db, provider, 'Branch', rows.newBranches.map((row) => ({ ...row, updatedAt: now }))),
    ...insertRows(ctx.db, provider, 'Tag', rows.newTags.map((row) => ({ ...row, updatedAt: now }))),
    ctx.db.repository.update({ where: { id: repoId }, data: rows.repository, select: { id: true } }),
  ]);
}

/** A ref as for-each-ref describes it, from the object it names (null when git has no such object). */
async function refEntryAt(gitDir: string, name: string, oid: string): Promise<RefEntry | null> {
  const info = await readObjectInfo(gitDir, oid);
  if (!info) return null;
  if (info.type !== 'tag') return { name, oid, type: info.type };
  const obj = await readObject(gitDir, oid);
  const tag = obj?.type === 'tag' ? parseTag(obj.oid, obj.data) : null;
  const peeledType = tag?.type as RefEntry['type'] | undefined;
  return { name, oid, type: 'tag', ...(tag?.object && peeledType ? { peeledOid: tag.object, peeledType } : {}) };
}

async function syncNow(ctx: Ctx, repoId: number, extra: Prisma.RepositoryUpdateInput) {
  const gitDir = repositoryPath(ctx.config, repoId);
  const refs = await forEachRef(gitDir, [HEADS, TAGS]);
  // Names the API cannot address (isWellFormedRefName) are left out: readers could never confirm them.
  const addressable = (ref: RefEntry, prefix: string) => ref.name.startsWith(prefix) && isWellFormedRefName(ref.name.slice(prefix.length));
  const heads = refs.filter((r) => addressable(r, HEADS) && r.type === 'commit');
  const tags = refs.filter((r) => addressable(r, TAGS));
  const [branchRows, tagRows] = await Promise.all([
    ctx.db.branch.findMany({ where: { repoId }, select: { name: true, commitId: true } }),
    ctx.db.tag.findMany({ where: { repoId }, select: { name: true, oid: true } }),
  ]);

  const knownBranches = new Map(branchRows.map((r) => [r.name, r.commitId]));
  const changedHeads = heads.filter((r) => knownBranches.get(r.name.slice(HEADS.length)) !== r.oid);
  const goneBranches = difference(knownBranches.keys(), heads.map((r) => r.name.slice(HEADS.length)));
  const knownTags = new Map(tagRows.map((r) => [r.name, r.oid]));
  const changedTags = tags.filter((r) => knownTags.get(r.name.slice(TAGS.length)) !== r.oid);
  const goneTags = difference(knownTags.keys(), tags.map((r) => r.name.slice(TAGS.length)));

  const readCommit = commitReader(gitDir);
  const [newBranches, newTags] = await Promise.all([
    Promise.all(changedHeads.map((ref) => branchRow(repoId, ref, readCommit))),
    Promise.all(changedTags.map((ref) => tagRow(gitDir, repoId, ref))),
  ]);
  const branches = newBranches.filter((b): b is BranchRowData => b !== null);
  const state: RefState = { isEmpty: heads.length === 0, branchCount: heads.length, refsSyncedAt: new Date() };

  // Moved refs are deleted and inserted again, gone ones deleted, new ones inserted.
  const replacedBranches = [...goneBranches, ...changedHeads.map((r) => r.name.slice(HEADS.length)).filter((n) => knownBranches.has(n))];
  const replacedTags = [...goneTags, ...changedTags.map((r) => r.name.slice(TAGS.length)).filter((n) => knownTags.has(n))];
  await writeRows(ctx, repoId, { replacedBranches, replacedTags, newBranches: branches, newTags, repository: { ...state, ...extra } });
  return { branches: heads.map((r) => r.name.slice(HEADS.length)), state };
}

function difference(from: Iterable<string>, remove: string[]): string[] {
  const removed = new Set(remove);
  return [...from].filter((name) => !removed.has(name));
}

type BranchRowData = Omit<Branch, 'updatedAt'>;

/** Reads commits through the batch reader, each once however many branches share it. */
function commitReader(gitDir: string): (oid: string) => Promise<Commit | null> {
  const read = new Map<string, Promise<Commit | null>>();
  return (oid) => {
    let commit = read.get(oid);
    if (!commit) {
      commit = readObject(gitDir, oid).then((obj) => (obj?.type === 'commit' ? parseCommit(obj.oid, obj.data) : null));
      read.set(oid, commit);
    }
    return commit;
  };
}

/** A branch row from its head commit; null if the commit vanished meanwhile. */
async function branchRow(repoId: number, ref: RefEntry, readCommit: (oid: string) => Promise<Commit | null>): Promise<BranchRowData | null> {
  const commit = await readCommit(ref.oid);
  if (!commit) return null;
  const name = ref.name.slice(HEADS.length);
  return {
    repoId,
    name,
    lowerName: name.toLowerCase(),
    commitId: ref.oid,
    commitSummary: commit.message.split('\n', 1)[0].trim(),
    authorName: commit.author.name,
    authorEmail: commit.author.email,
    authorDate: new Date(commit.author.date),
    committerDate: new Date(commit.committer.date),
  };
}

async function tagRow(gitDir: string, repoId: number, ref: RefEntry): Promise<Omit<Tag, 'updatedAt'>> {
  const tag = await describeTag(gitDir, ref);
  return {
    repoId,
    name: tag.name,
    oid: ref.oid,
    targetType: ref.type,
    commitId: tag.commitOid,
    createdDate: tag.tagger ? new Date(tag.tagger.date) : NO_DATE,
  };
}

/** Syncs a repository whose rows were never built (created before the tables, or its first sync failed). */
async function ensureSynced(ctx: Ctx, repo: Synced) {
  if (!repo.refsSyncedAt) await syncRefs(ctx, repo);
}

/**
 * Reads a page of rows, hands them to `confirm` (which checks them against git and answers null for a row
 * git contradicts) and, when git contradicted any, syncs once and reads again. Rows git still contradicts
 * are left out, and out of the count (as Gitea skips branches that vanished).
 */
async function confirmed<R, T>(ctx: Ctx, repo: Pick<Repository, 'id' | 'refsSyncedAt'>, read: () => Promise<Page<R>>, confirm: (rows: R[]) => Promise<(T | null)[]>): Promise<Page<T>> {
  await ensureSynced(ctx, repo);
  let page = await read();
  let items = await confirm(page.items);
  if (items.some((item) => item === null)) {
    await syncRefs(ctx, repo);
    page = await read();
    items = await confirm(page.items);
  }
  const shown = items.filter((item): item is T => item !== null);
  return { items: shown, totalCount: page.totalCount - (items.length - shown.length) };
}

type Confirm<R, T> = (rows: R[]) => Promise<(T | null)[]>;
type Synced = Pick<Repository, 'id' | 'refsSyncedAt'>;

/**
 * A page of branch rows, newest head commit first, then by name (Gitea's order); `query`: name contains,
 * any case. Pages are kept between requests until the branch table changes (src/cache).
 */
export function branchPage<T>(ctx: Ctx, repo: Synced, window: PageWindow, query: string | null | undefined, confirm: Confirm<Branch, T>): Promise<Page<T>> {
  const q = query?.toLowerCase() ?? '';
  const read = () => cachedRead(ctx, 'branchPageOfRepository', `${repo.id}/${window.offset}/${window.limit}/${q}`, () => readBranchPage(ctx, repo.id, window, q));
  return confirmed(ctx, repo, read, confirm);
}

async function readBranchPage(ctx: Ctx, repoId: number, window: PageWindow, q: string): Promise<Page<Branch>> {
  const where: Prisma.BranchWhereInput = { repoId, ...(q ? { lowerName: { contains: q } } : {}) };
  const orderBy: Prisma.BranchOrderByWithRelationInput[] = [{ committerDate: 'desc' }, { name: 'asc' }];
  if (!LIKE_SPECIAL.test(q)) {
    return pageFrom(ctx.db.branch.findMany({ where, orderBy, skip: window.offset, take: window.limit }), ctx.db.branch.count({ where }));
  }
  // LIKE would take % and _ for wildcards (a superset): the names are matched literally here instead.
  const names = (await ctx.db.branch.findMany({ where, orderBy, select: { name: true, lowerName: true } })).filter((b) => b.lowerName.includes(q));
  const shown = names.slice(window.offset, window.offset + window.limit).map((b) => b.name);
  const items = shown.length ? await ctx.db.branch.findMany({ where: { repoId, name: { in: shown } }, orderBy }) : [];
  return { items, totalCount: names.length };
}

/** Characters LIKE does not take literally (with PostgreSQL's default escape character). */
const LIKE_SPECIAL = /[%_\\]/;

/** One branch row by exact name, confirmed like a page. */
export async function branchByName<T>(ctx: Ctx, repo: Synced, name: string, confirm: Confirm<Branch, T>): Promise<T | null> {
  const read = async () => ({ items: await ctx.db.branch.findMany({ where: { repoId: repo.id, name } }), totalCount: 0 });
  return (await confirmed(ctx, repo, read, confirm)).items[0] ?? null;
}

const tagRefOf = (row: Tag): TagRef => ({ name: row.name, oid: row.oid, type: row.targetType as TagRef['type'], commitOid: row.commitId });

/** A page of tags, newest first (tagger date, or commit date for lightweight tags), then by name; kept like branch pages. */
export function tagPage<T>(ctx: Ctx, repo: Synced, window: PageWindow, confirm: Confirm<TagRef, T>): Promise<Page<T>> {
  const where = { repoId: repo.id };
  const read = () =>
    cachedRead(ctx, 'tagPageOfRepository', `${repo.id}/${window.offset}/${window.limit}`, () =>
      pageFrom(
        ctx.db.tag.findMany({ where, orderBy: [{ createdDate: 'desc' }, { name: 'asc' }], skip: window.offset, take: window.limit }),
        ctx.db.tag.count({ where }),
        tagRefOf,
      ),
    );
  return confirmed(ctx, repo, read, confirm);
}

/** One tag by exact name, confirmed like a page. */
export async function tagByName<T>(ctx: Ctx, repo: Synced, name: string, confirm: Confirm<TagRef, T>): Promise<T | null> {
  const read = async () => ({ items: (await ctx.db.tag.findMany({ where: { repoId: repo.id, name } })).map(tagRefOf), totalCount: 0 });
  return (await confirmed(ctx, repo, read, confirm)).items[0] ?? null;
}
