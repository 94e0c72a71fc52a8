import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A repository's own git hooks (Gitea's "Git hooks"): scripts its administrators write, run by receive-pack on a
 * push. They are kept at `hooks/<name>.d/<name>` in the repository, where git itself never looks: Graft's hook
 * directory (src/git/protection-hook.ts) runs them, after its own checks, and only while the server allows them.
 * So they never replace Graft's own hooks, and turning them off (security.DISABLE_GIT_HOOKS) stops them at once.
 */
export const HOOK_NAMES = ['pre-receive', 'update', 'post-receive'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

export const isHookName = (name: string): name is HookName => (HOOK_NAMES as readonly string[]).includes(name);

export interface CustomHook {
  name: HookName;
  /** Whether a script is set. */
  isActive: boolean;
  content: string;
}

/** Where a repository keeps its own hook: relative to the git directory, as the hook runner resolves it too. */
export const customHookPath = (name: HookName) => path.join('hooks', `${name}.d`, name);

export async function readCustomHook(gitDir: string, name: HookName): Promise<CustomHook> {
  try {
    return { name, isActive: true, content: await readFile(path.join(gitDir, customHookPath(name)), 'utf8') };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { name, isActive: false, content: '' };
    throw err;
  }
}

/** Sets a hook's script; an empty (or blank) one removes it, as in Gitea. */
export async function writeCustomHook(gitDir: string, name: HookName, content: string): Promise<CustomHook> {
  const file = path.join(gitDir, customHookPath(name));
  if (!content.trim()) {
    await rm(file, { force: true });
    return { name, isActive: false, content: '' };
  }
  await mkdir(path.dirname(file), { recursive: true });
  // Scripts written from a browser end lines with CR LF, which a shebang line does not survive.
  const script = content.replace(/\r\n/g, '\n');
  await writeFile(file, script, { mode: 0o755 });
  return { name, isActive: true, content: script };
}
