import type { RestChangedFileFragment, RestRepositoryUrlsFragment } from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { contentsApiUrl, rawHtmlUrl, srcHtmlUrl, webRef } from './urls.ts';

/**
 * Gitea's status words for a pull request's files (convert.ToChangedFile): added, deleted, renamed, and for the
 * rest `changed`, or `unchanged` when no line changed (a mode change; a binary file, whose lines Gitea does not
 * count either).
 */
function statusOf(file: RestChangedFileFragment): string {
  if (file.status === 'removed') return 'deleted';
  if (file.status === 'added' || file.status === 'renamed') return file.status;
  return file.additions === 0 && file.deletions === 0 ? 'unchanged' : 'changed';
}

/**
 * GraphQL ChangedFile → REST ChangedFile: its links name the file at the head commit `sha` of the repository
 * `repo` (the head repository, as Gitea links them). previous_filename is empty but for a rename.
 */
export function toChangedFile(file: RestChangedFileFragment, repo: RestRepositoryUrlsFragment, sha: string): RestSchema<'ChangedFile'> {
  const status = statusOf(file);
  return {
    filename: file.filename,
    previous_filename: status === 'renamed' ? (file.previousFilename ?? '') : '',
    status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    html_url: srcHtmlUrl(repo.htmlUrl, webRef('commit', sha), file.filename),
    contents_url: contentsApiUrl(repo.apiUrl, file.filename, sha),
    raw_url: rawHtmlUrl(repo.htmlUrl, webRef('commit', sha), file.filename),
  };
}
