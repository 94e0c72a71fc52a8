import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import type { Repository, User } from '../../db/models.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { ObjectTooLargeError, readObject } from '../../git/cat-file.ts';
import { lookupPath } from '../../git/contents.ts';
import { fetchObjects } from '../../git/fork.ts';
import { initBare, isValidRefName, readCommit, removeRepository, repositorySize, resolveCommit, updateRef, zeroOid, type ObjectFormat } from '../../git/repo.ts';
import { buildTree, createCommit, treeChanges, type FileChange } from '../../git/write.ts';
import type { ServiceContext } from '../../services.ts';
import { CODE_READ, mayCreateRepositoryFor } from '../access/access.service.ts';
import { syncRefs } from '../branch/ref-table.ts';
import { checkMaxLength } from '../formats.ts';
import { commitSigner } from '../gpg/gpg.signing.ts';
import { creationLimitReached, getRepository, newRepositoryData, type RepositoryWithOwner } from '../repo/repo.service.ts';
import { checkRepositoryName } from '../repo/repo.rules.ts';
import { repositoryPath } from '../repo/storage.ts';
import { findUserByLogin } from '../user/user.service.ts';
import { repositoryHookCopy } from '../webhook/default-hooks.ts';
import {
  expandVariables,
  isExcluded,
  isExpanded,
  parseTemplateFile,
  sanitizePath,
  TEMPLATE_FILE,
  templateVariables,
  type TemplateSide,
} from './generate.rules.ts';
import type { GenerateRepositoryInput } from './template.inputs.ts';

/** Files larger than this are copied as they are, never expanded (Gitea reads at most 1 MiB of each). */
const MAX_EXPANDED_BYTES = 1024 * 1024;

/**
 * Where the new repository goes, with Gitea's answers: the viewer; an organization the viewer may create
 * repositories in (403 otherwise); another account for site admins only (403); an unknown owner is a 404.
 */
async function generateOwner(ctx: ServiceContext, viewer: User, login: string): Promise<User> {
  if (login.toLowerCase() === viewer.lowerLogin) return viewer;
  const owner = await findUserByLogin(ctx, login);
  if (!owner) throw notFound(`the owner "${login}" does not exist`);
  if (owner.type !== 'organization' && !isSiteAdmin(ctx.viewer)) throw forbidden('only site administrators may generate repositories for other accounts');
  if (!(await mayCreateRepositoryFor(ctx, owner))) throw forbidden(`you may not create repositories in ${owner.login}`);
  return owner;
}

/** The parts of the template's rows that are copied with the new row, as its nested creates. */
async function copiedRows(ctx: ServiceContext, template: Repository, input: GenerateRepositoryInput) {
  const [labels, hooks, protections] = await Promise.all([
    input.labels ? ctx.db.label.findMany({ where: { repoId: template.id }, orderBy: { id: 'asc' } }) : [],
    input.webhooks ? ctx.db.webhook.findMany({ where: { repoId: template.id }, orderBy: { id: 'asc' } }) : [],
    input.protectedBranch ? ctx.db.branchProtection.findMany({ where: { repoId: template.id }, orderBy: { id: 'asc' } }) : [],
  ]);
  return {
    labels: labels.map(({ name, description, color, exclusive }) => ({ name, description, color, exclusive })),
    webhooks: hooks.map(repositoryHookCopy),
    protections: protections.map(({ id: _id, repoId: _repoId, createdAt: _c, updatedAt: _u, ...rule }) => rule),
  };
}

/**
 * The template's default branch as one new commit of the new repository: its files, with `.gitea/template` read
 * and removed, the files it excludes left out and the files it expands rewritten (contents and paths). Objects
 * come over with one local fetch; the tree is built on the template's tree with one index update, so a file that
 * is not expanded is never read.
 */
async function copyContent(
  ctx: ServiceContext,
  template: Repository,
  targetDir: string,
  format: ObjectFormat,
  branch: string,
  sides: { generated: TemplateSide; template: TemplateSide },
  actor: User,
) {
  const sourceDir = repositoryPath(ctx.config, template.id);
  const head = await resolveCommit(sourceDir, `refs/heads/${template.defaultBranch}`);
  if (!head) return false;
  const commit = await readCommit(sourceDir, head);
  if (!commit) return false;
  await fetchObjects(targetDir, sourceDir, head);
  const changes: FileChange[] = [];
  const found = await lookupPath(sourceDir, commit.tree, TEMPLATE_FILE);
  if (found.kind === 'found' && found.entry.type === 'blob') {
    const object = await readObject(sourceDir, found.entry.oid, { maxBytes: MAX_EXPANDED_BYTES }).catch((err) => {
      if (err instanceof ObjectTooLargeError) return null;
      throw err;
    });
    const rules = parseTemplateFile(object?.data.toString('utf8') ?? '');
    changes.push({ op: 'delete', path: TEMPLATE_FILE });
    if (rules.expand.length || rules.exclude.length) {
      const vars = templateVariables(sides.generated, sides.template, new Date());
      for (const { path, entry } of await treeChanges(sourceDir, format, null, head)) {
        if (!entry || path === TEMPLATE_FILE) continue;
        if (isExcluded(rules, path)) {
          changes.push({ op: 'delete', path });
          continue;
        }
        const regular = entry.mode === '100644' || entry.mode === '100755';
        if (!regular || !isExpanded(rules, path)) continue;
        const blob = await readObject(sourceDir, entry.oid, { maxBytes: MAX_EXPANDED_BYTES }).catch((err) => {
          if (err instanceof ObjectTooLargeError) return null;
          throw err;
        });
        if (!blob) continue;
        const target = sanitizePath(expandVariables(path, vars));
        if (target === '') continue;
        if (target !== path) changes.push({ op: 'delete', path });
        changes.push({ op: 'write', path: target, mode: entry.mode as '100644' | '100755', content: Buffer.from(expandVariables(blob.data.toString('utf8'), vars)) });
      }
    }
  }
  const tree = await buildTree(targetDir, format, head, changes);
  const who = { name: actor.fullName || actor.login, email: actor.email };
  const created = await createCommit(targetDir, {
    tree,
    parents: [],
    message: 'Initial commit',
    author: who,
    committer: who,
    sign: await commitSigner(ctx, { kind: 'initialCommit', actor }),
  });
  await updateRef(targetDir, `refs/heads/${branch}`, created, zeroOid(format));
  return true;
}

/**
 * Makes a repository from a template repository (one marked as a template, whose code the viewer reads), copying
 * the parts asked for: the default branch's content as one new commit (with `.gitea/template` variables expanded),
 * topics, labels, webhooks and branch protection rules. Git hooks and avatars are not features of this server, so
 * there is nothing of them to copy. The row and every copied row are written in one transaction; if git then
 * fails, the row (and with it the copies) is removed again and the directory deleted.
 */
export async function generateRepository(ctx: ServiceContext, rootUrl: string, templateOwner: string, templateName: string, input: GenerateRepositoryInput): Promise<RepositoryWithOwner> {
  const viewer = requireUser(ctx.viewer);
  const { repo: template } = await getRepository(ctx, templateOwner, templateName, CODE_READ);
  if (!template.isTemplate) throw invalid(`${template.owner.login}/${template.name} is not a template repository`);
  const parts = [input.gitContent, input.topics, input.gitHooks, input.webhooks, input.avatar, input.labels, input.protectedBranch];
  if (!parts.some(Boolean)) throw invalid('choose at least one part of the template to copy');
  const owner = await generateOwner(ctx, viewer, input.owner);
  checkRepositoryName(input.name);
  checkMaxLength(input.description, 2048, 'description');
  const defaultBranch = input.defaultBranch || template.defaultBranch;
  if (!(await isValidRefName(defaultBranch))) throw invalid(`"${defaultBranch}" is not a valid branch name`);
  if (await ctx.db.repository.findFirst({ where: { ownerId: owner.id, lowerName: input.name.toLowerCase() } })) {
    throw conflict(`the repository ${owner.login}/${input.name} already exists`);
  }
  if (!isSiteAdmin(ctx.viewer) && (await creationLimitReached(ctx, owner))) {
    throw forbidden(`${owner.login} has reached the limit of repositories it may create`);
  }

  const defaults = await newRepositoryData(ctx, owner, viewer);
  const copies = await copiedRows(ctx, template, input);
  const objectFormat = template.objectFormat as ObjectFormat;
  let created: RepositoryWithOwner;
  try {
    created = await ctx.db.repository.create({
      data: {
        ...defaults,
        name: input.name,
        lowerName: input.name.toLowerCase(),
        description: input.description ?? '',
        isPrivate: input.private ?? false,
        defaultBranch,
        objectFormat,
        topics: input.topics ? template.topics : '',
        webhooks: { create: [...defaults.webhooks.create, ...copies.webhooks] },
        ...(copies.labels.length ? { labels: { createMany: { data: copies.labels } } } : {}),
        ...(copies.protections.length ? { branchProtections: { createMany: { data: copies.protections } } } : {}),
      },
      include: { owner: true },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(`the repository ${owner.login}/${input.name} already exists`);
    throw err;
  }

  const gitDir = repositoryPath(ctx.config, created.id);
  const side = (r: { name: string; description: string }, login: string): TemplateSide => ({
    name: r.name,
    owner: login,
    description: r.description,
    link: `${new URL(rootUrl).pathname.replace(/\/$/, '')}/${login}/${r.name}`,
    httpsUrl: `${rootUrl}${login}/${r.name}.git`,
    // Repositories are not served over SSH here.
    sshUrl: '',
  });
  let repo = created;
  try {
    await initBare(gitDir, { objectFormat, defaultBranch });
    if (input.gitContent && !template.isEmpty) {
      const sides = { generated: side(created, owner.login), template: side(template, template.owner.login) };
      if (await copyContent(ctx, template, gitDir, objectFormat, defaultBranch, sides, viewer)) {
        const sizeBytes = await repositorySize(gitDir);
        repo = { ...created, ...(await syncRefs(ctx, created, { sizeBytes })).state, sizeBytes };
      }
    }
  } catch (err) {
    await removeRepository(gitDir);
    await ctx.db.repository.delete({ where: { id: created.id } }).catch(() => {});
    throw err;
  }
  await ctx.events.publish('repo.created', { repoId: repo.id, ownerId: owner.id, actorId: viewer.id });
  return repo;
}
