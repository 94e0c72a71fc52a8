import type { Repository } from '../../db/models.ts';
import { ObjectTooLargeError, readObject } from '../../git/cat-file.ts';
import { commitTree, lookupPath, treeEntries } from '../../git/contents.ts';
import { resolveCommit } from '../../git/repo.ts';
import type { ServiceContext } from '../../services.ts';
import { repositoryPath } from '../repo/storage.ts';
import {
  CONFIG_FILES,
  defaultIssueConfig,
  MAX_CONFIG_BYTES,
  MAX_TEMPLATE_BYTES,
  parseIssueConfig,
  parseTemplate,
  TEMPLATE_DIRECTORIES,
  templateKind,
  type IssueConfig,
  type IssueTemplate,
} from './issue-template.rules.ts';

/**
 * A repository's issue templates and issue configuration, read from the head of its default branch as Gitea
 * reads them. Trees and files come through the repository's long-lived `git cat-file` reader (src/git), so a
 * request starts no git process of its own however many templates there are. Callers check that the viewer
 * reads the repository's code.
 */

export interface TemplateProblem {
  fileName: string;
  message: string;
}

export interface IssueTemplates {
  templates: IssueTemplate[];
  /** The files that look like templates but do not hold (Gitea answers their count in X-Gitea-Warning). */
  problems: TemplateProblem[];
}

/** The root tree of the default branch's head; null for an empty repository or a default branch that is gone. */
async function defaultTree(ctx: ServiceContext, repo: Repository): Promise<{ gitDir: string; tree: string } | null> {
  if (repo.isEmpty) return null;
  const gitDir = repositoryPath(ctx.config, repo.id);
  const commit = await resolveCommit(gitDir, `refs/heads/${repo.defaultBranch}`);
  const tree = commit ? await commitTree(gitDir, commit) : null;
  return tree ? { gitDir, tree } : null;
}

/** A file's text, or why it cannot be read: larger than `maxBytes`, or not a file. */
async function readText(gitDir: string, oid: string, maxBytes: number): Promise<{ text: string } | { error: string }> {
  try {
    const object = await readObject(gitDir, oid, { maxBytes });
    if (!object || object.type !== 'blob') return { error: 'not a file' };
    return { text: object.data.toString('utf8') };
  } catch (err) {
    if (err instanceof ObjectTooLargeError) return { error: `too large: ${err.info.size} bytes, more than ${maxBytes}` };
    throw err;
  }
}

/** Every template of every template folder, in the folders' order and each folder's order; those that do not hold apart. */
export async function getIssueTemplates(ctx: ServiceContext, repo: Repository): Promise<IssueTemplates> {
  const result: IssueTemplates = { templates: [], problems: [] };
  const root = await defaultTree(ctx, repo);
  if (!root) return result;
  for (const directory of TEMPLATE_DIRECTORIES) {
    const found = await lookupPath(root.gitDir, root.tree, directory);
    if (found.kind !== 'found' || found.entry.type !== 'tree') continue;
    for (const entry of (await treeEntries(root.gitDir, found.entry.oid)) ?? []) {
      if (entry.type !== 'blob' || !templateKind(entry.name)) continue;
      const fileName = `${directory}/${entry.name}`;
      const read = await readText(root.gitDir, entry.oid, MAX_TEMPLATE_BYTES);
      const parsed = 'text' in read ? parseTemplate(fileName, read.text) : { ok: false as const, error: read.error };
      if (parsed.ok) result.templates.push(parsed.value);
      else result.problems.push({ fileName, message: parsed.error });
    }
  }
  return result;
}

export interface IssueConfigRead {
  /** The configuration, or the default one when there is none or it does not hold. */
  config: IssueConfig;
  /** Why the configuration does not hold; null when it does (or there is none). */
  error: string | null;
}

/** The first configuration file found, parsed; the default when there is none. */
export async function getIssueConfig(ctx: ServiceContext, repo: Repository): Promise<IssueConfigRead> {
  if (repo.isEmpty) return { config: defaultIssueConfig(), error: null };
  const root = await defaultTree(ctx, repo);
  if (!root) return { config: defaultIssueConfig(), error: `the default branch "${repo.defaultBranch}" does not exist` };
  for (const file of CONFIG_FILES) {
    const found = await lookupPath(root.gitDir, root.tree, file);
    if (found.kind !== 'found') continue;
    const read = await readText(root.gitDir, found.entry.oid, MAX_CONFIG_BYTES);
    const parsed = 'text' in read ? parseIssueConfig(read.text) : { ok: false as const, error: `${file}: ${read.error}` };
    return parsed.ok ? { config: parsed.value, error: null } : { config: defaultIssueConfig(), error: parsed.error };
  }
  return { config: defaultIssueConfig(), error: null };
}
