import { isSiteAdmin, requireUser } from '../../auth/viewer.ts';
import { forbidden, notFound } from '../../errors.ts';
import { HOOK_NAMES, isHookName, readCustomHook, writeCustomHook, type CustomHook, type HookName } from '../../git/custom-hooks.ts';
import type { ServiceContext } from '../../services.ts';
import { getRepository } from '../repo/repo.service.ts';
import { repositoryPath } from '../repo/storage.ts';

/**
 * The git directory of a repository whose hooks the viewer may see and change, as Gitea decides: an administrator
 * of the repository (403 otherwise, 404 when it is hidden), who may edit git hooks: a site administrator or an
 * account allowed to (allow_git_hook), and only while security.DISABLE_GIT_HOOKS is false (403 otherwise). A hook
 * runs with the server's rights, which is why they are off unless the server's administrator turns them on.
 */
async function hookRepository(ctx: ServiceContext, owner: string, name: string): Promise<string> {
  const { repo } = await getRepository(ctx, owner, name, 'admin');
  const user = requireUser(ctx.viewer);
  if (ctx.config.security.DISABLE_GIT_HOOKS || !(isSiteAdmin(ctx.viewer) || user.allowGitHook)) {
    throw forbidden('you must be allowed to edit git hooks');
  }
  return repositoryPath(ctx.config, repo.id);
}

function hookName(name: string): HookName {
  if (!isHookName(name)) throw notFound(`git hook "${name}" does not exist`);
  return name;
}

/** pre-receive, update and post-receive, each with its script (inactive and empty when none is set). */
export async function listGitHooks(ctx: ServiceContext, owner: string, name: string): Promise<CustomHook[]> {
  const gitDir = await hookRepository(ctx, owner, name);
  return Promise.all(HOOK_NAMES.map((hook) => readCustomHook(gitDir, hook)));
}

export async function getGitHook(ctx: ServiceContext, owner: string, name: string, hook: string): Promise<CustomHook> {
  const gitDir = await hookRepository(ctx, owner, name);
  return readCustomHook(gitDir, hookName(hook));
}

/** Sets a hook's script; an empty one removes it. */
export async function editGitHook(ctx: ServiceContext, owner: string, name: string, hook: string, content: string): Promise<CustomHook> {
  const gitDir = await hookRepository(ctx, owner, name);
  return writeCustomHook(gitDir, hookName(hook), content);
}

export async function deleteGitHook(ctx: ServiceContext, owner: string, name: string, hook: string): Promise<void> {
  const gitDir = await hookRepository(ctx, owner, name);
  await writeCustomHook(gitDir, hookName(hook), '');
}
