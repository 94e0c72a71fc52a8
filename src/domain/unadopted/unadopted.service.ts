import { readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { requireSiteAdmin } from '../../auth/viewer.ts';
import { notFound } from '../../errors.ts';
import { headBranch, objectFormatOf } from '../../git/maintenance.ts';
import { exists, listRefs, removeRepository, repositorySize, setHead } from '../../git/repo.ts';
import type { Page, PageWindow } from '../../pagination.ts';
import type { ServiceContext } from '../../services.ts';
import { syncRefs } from '../branch/ref-table.ts';
import { newRepositoryData, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { checkRepositoryName } from '../repo/repo.rules.ts';
import { repositoryPath, wikiRepositoryPath } from '../repo/storage.ts';
import { findUserByLogin } from '../user/user.service.ts';

/**
 * Unadopted repositories: bare git directories laid out as Gitea lays them out, `<owner>/<name>.git` under
 * DATA_DIR/repositories (copied from a Gitea server, say), whose owner is an account and for which no repository
 * row exists. Graft's own repositories live beside them as `<id>.git`, so the two never meet. Adopting one makes
 * its row and moves the directory to its id; deleting one removes the directory.
 */

const root = (ctx: ServiceContext) => path.join(ctx.config.server.DATA_DIR, 'repositories');

async function directories(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

interface Found {
  owner: string;
  name: string;
}

/** Every `<owner>/<name>.git` directory whose owner is an account and that has no row, sorted by owner then name. */
async function unadopted(ctx: ServiceContext): Promise<Found[]> {
  const ownerDirs = (await directories(root(ctx))).filter((name) => !name.endsWith('.git'));
  if (ownerDirs.length === 0) return [];
  const owners = await ctx.db.user.findMany({ where: { lowerLogin: { in: ownerDirs.map((d) => d.toLowerCase()) } }, select: { id: true, login: true, lowerLogin: true } });
  const found: (Found & { ownerId: number })[] = [];
  for (const dir of ownerDirs) {
    const owner = owners.find((o) => o.lowerLogin === dir.toLowerCase());
    if (!owner) continue;
    for (const entry of await directories(path.join(root(ctx), dir))) {
      if (!entry.endsWith('.git') || entry.endsWith('.wiki.git')) continue;
      found.push({ owner: owner.login, name: entry.slice(0, -'.git'.length), ownerId: owner.id });
    }
  }
  if (found.length === 0) return [];
  const rows = await ctx.db.repository.findMany({
    where: { ownerId: { in: [...new Set(found.map((f) => f.ownerId))] }, lowerName: { in: [...new Set(found.map((f) => f.name.toLowerCase()))] } },
    select: { ownerId: true, lowerName: true },
  });
  const taken = new Set(rows.map((r) => `${r.ownerId}/${r.lowerName}`));
  return found
    .filter((f) => !taken.has(`${f.ownerId}/${f.name.toLowerCase()}`))
    .map(({ owner, name }) => ({ owner, name }))
    .sort((a, b) => a.owner.localeCompare(b.owner) || a.name.localeCompare(b.name));
}

/** A glob (`*` any characters, `?` one), matched whole and in any case. */
function globMatcher(glob: string): (text: string) => boolean {
  const source = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
  const re = new RegExp(`^${source}$`, 'i');
  return (text) => re.test(text);
}

/**
 * Unadopted repositories as "owner/name", a page of them (site admins only). `pattern` is Gitea's: a glob of
 * the owner, or `owner/name` with a glob on each side.
 */
export async function unadoptedRepositories(ctx: ServiceContext, pattern: string | null | undefined, window: PageWindow): Promise<Page<string>> {
  requireSiteAdmin(ctx.viewer);
  let all = await unadopted(ctx);
  const glob = pattern?.trim();
  if (glob) {
    const [ownerGlob, nameGlob] = glob.split('/', 2);
    const ownerMatches = globMatcher(ownerGlob || '*');
    const nameMatches = globMatcher(nameGlob || '*');
    all = all.filter((f) => ownerMatches(f.owner) && nameMatches(f.name));
  }
  return { items: all.slice(window.offset, window.offset + window.limit).map((f) => `${f.owner}/${f.name}`), totalCount: all.length };
}

/**
 * The account and the directory of an unadopted repository. As in Gitea, NOT_FOUND when the account does not
 * exist, when the repository has a row already, or when there is no such directory. The name is checked as a
 * repository name first, so it can never lead out of the owner's folder.
 */
async function locate(ctx: ServiceContext, ownerLogin: string, name: string) {
  requireSiteAdmin(ctx.viewer);
  checkRepositoryName(name);
  const owner = await findUserByLogin(ctx, ownerLogin);
  if (!owner) throw notFound(`user "${ownerLogin}" does not exist`);
  if (await ctx.db.repository.findFirst({ where: { ownerId: owner.id, lowerName: name.toLowerCase() }, select: { id: true } })) {
    throw notFound(`${owner.login}/${name} is a repository already, not an unadopted one`);
  }
  const ownerDir = (await directories(root(ctx))).find((dir) => dir.toLowerCase() === owner.lowerLogin);
  const entry = ownerDir && (await directories(path.join(root(ctx), ownerDir))).find((dir) => dir.toLowerCase() === `${name.toLowerCase()}.git`);
  const gitDir = ownerDir && entry ? path.join(root(ctx), ownerDir, entry) : null;
  if (!gitDir || !(await stat(gitDir).catch(() => null))?.isDirectory()) throw notFound(`there are no unadopted files of ${owner.login}/${name}`);
  return { owner, gitDir, wikiDir: gitDir.replace(/\.git$/, '.wiki.git') };
}

/**
 * Adopts an unadopted repository (site admins only): its row is made (private, as Gitea's API adopts), the
 * directory moves to the row's id, its branches and tags are read, and its default branch is what HEAD names
 * when that branch exists, else main, master or the first branch. A wiki beside it (`<name>.wiki.git`) comes along.
 */
export async function adoptRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<RepositoryWithOwner> {
  const admin = requireSiteAdmin(ctx.viewer);
  const { owner, gitDir, wikiDir } = await locate(ctx, ownerLogin, name);
  if (!(await exists(gitDir))) throw notFound(`${owner.login}/${name} holds no git repository`);
  const objectFormat = await objectFormatOf(gitDir);
  const branches = (await listRefs(gitDir, 'refs/heads/')).map((ref) => ref.name.slice('refs/heads/'.length));
  const head = await headBranch(gitDir);
  const defaultBranch = (head && branches.includes(head) ? head : ['main', 'master'].find((b) => branches.includes(b))) ?? branches.sort()[0] ?? head ?? 'main';

  const created = await ctx.db.repository.create({
    data: { ...(await newRepositoryData(ctx, owner, admin)), name, lowerName: name.toLowerCase(), isPrivate: true, defaultBranch, objectFormat },
    include: { owner: true },
  });
  const target = repositoryPath(ctx.config, created.id);
  try {
    await rename(gitDir, target);
  } catch (err) {
    // Another adoption took the directory first (or it went): the row goes again.
    await ctx.db.repository.delete({ where: { id: created.id } }).catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound(`there are no unadopted files of ${owner.login}/${name}`);
    throw err;
  }
  if (await exists(wikiDir)) await rename(wikiDir, wikiRepositoryPath(ctx.config, created.id)).catch(() => {});
  if (head !== defaultBranch && branches.includes(defaultBranch)) await setHead(target, defaultBranch);
  const sizeBytes = await repositorySize(target);
  const repo = { ...created, ...(await syncRefs(ctx, created, { sizeBytes })).state, sizeBytes };
  await ctx.events.publish('repo.created', { repoId: repo.id, ownerId: owner.id, actorId: admin.id });
  return repo;
}

/** Deletes the files of an unadopted repository (site admins only), its wiki's beside it too. */
export async function deleteUnadoptedRepository(ctx: ServiceContext, ownerLogin: string, name: string): Promise<void> {
  const { gitDir, wikiDir } = await locate(ctx, ownerLogin, name);
  await removeRepository(gitDir);
  await removeRepository(wikiDir);
}
