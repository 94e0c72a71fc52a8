import { runGit, v } from './command.ts';
import { initBare, setHead, type ObjectFormat } from './repo.ts';

/**
 * Makes `targetDir` a new bare repository with every branch and tag of `sourceDir`: initialised like any
 * repository of ours (same object format, server defaults), then filled with one local fetch. Nothing else
 * is shared with the source (no alternates), so either repository can be deleted without the other.
 */
export async function copyRepository(sourceDir: string, targetDir: string, options: { objectFormat: ObjectFormat; defaultBranch: string }) {
  await initBare(targetDir, options);
  await runGit(
    ['fetch', '--quiet', '--no-write-fetch-head', '--no-tags', '--', v(sourceDir), '+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*'],
    { gitDir: targetDir, what: 'copying the repository', timeoutMs: 10 * 60_000 },
  );
  await setHead(targetDir, options.defaultBranch);
}

/**
 * Brings the objects of `oid` (and its history) from `sourceDir` into `targetDir` without creating any ref.
 * Our repositories allow any object id in a want (uploadpack.allowAnySHA1InWant), so no temporary ref is needed.
 */
export async function fetchObjects(targetDir: string, sourceDir: string, oid: string) {
  await runGit(['fetch', '--quiet', '--no-write-fetch-head', '--no-tags', '--', v(sourceDir), v(oid)], {
    gitDir: targetDir,
    what: 'fetching from upstream',
    timeoutMs: 10 * 60_000,
  });
}
