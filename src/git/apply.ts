import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gitText, runGit, v } from './command.ts';
import { GitError } from './errors.ts';

const INVALID = [/no valid patches in input/i, /corrupt patch/i, /unrecognized input/i, /patch fragment without header/i, /bad git-diff/i, /invalid path/i, /beyond a symbolic link/i, /git diff header lacks filename/i, /requires .* argument/i, /unable to find filename/i];
const CONFLICT = [/patch does not apply/i, /patch failed/i, /does not exist in index/i, /already exists in index/i, /with conflicts/i, /does not match index/i, /unmerged/i, /cannot .* three-way/i, /repository lacks the necessary blob/i];

function applyError(err: unknown): never {
  if (!(err instanceof GitError)) throw err;
  const lines = err.stderr.trim().split('\n').filter((l) => /^(error|fatal)/.test(l));
  const reason = (lines[0] ?? err.message).replace(/^(error|fatal): /, '');
  if (INVALID.some((re) => re.test(err.stderr))) throw new GitError('INVALID_ARGUMENT', `the patch is not valid: ${reason}`, err.stderr);
  if (CONFLICT.some((re) => re.test(err.stderr))) throw new GitError('CONFLICT', `the patch does not apply: ${reason}`, err.stderr);
  throw err;
}

/**
 * Applies a patch (`git diff` or `git format-patch` output) to the tree of `parent` without a work tree:
 * `git apply --cached` against a temporary index read from the parent, falling back to a three-way merge
 * where the patch names the blobs it was made from. Returns the resulting tree id. A patch that does
 * not apply is a CONFLICT; input that is no patch, or paths escaping the tree, are INVALID_ARGUMENT.
 */
export async function applyPatchToTree(gitDir: string, parent: string, patch: Buffer): Promise<string> {
  const indexFile = path.join(os.tmpdir(), `graft-apply-${randomBytes(8).toString('hex')}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    await runGit(['read-tree', v(parent)], { gitDir, env });
    try {
      await runGit(['apply', '--cached', '--recount', '--ignore-whitespace', '--whitespace=fix', '--binary', '-3'], { gitDir, env, input: patch, what: 'git apply' });
    } catch (err) {
      applyError(err);
    }
    try {
      return await gitText(['write-tree'], { gitDir, env, what: 'git write-tree' });
    } catch (err) {
      // A three-way fallback that left conflicts behind: the index has unmerged entries.
      if (err instanceof GitError) throw new GitError('CONFLICT', 'the patch does not apply: it conflicts with the current content', err.stderr);
      throw err;
    }
  } finally {
    await rm(indexFile, { force: true });
  }
}
