import type { RestCommitFragment, RestCommitRepositoryFragment } from '../__generated__/graphql.ts';
import type { components } from '../__generated__/openapi.ts';
import { restTime, ZERO_TIME } from './time.ts';
import { toUser } from './user.ts';

type Schemas = components['schemas'];

/** Options of the commit endpoints: what to compute for each commit (Gitea's ?stat=, ?files=, ?verification=; all default to true). */
export interface CommitOptions {
  stat: boolean;
  files: boolean;
  verification: boolean;
}

export function commitOptions(query: { stat?: boolean; files?: boolean; verification?: boolean }): CommitOptions {
  return { stat: query.stat ?? true, files: query.files ?? true, verification: query.verification ?? true };
}

const escape = encodeURIComponent;

/**
 * Files as Gitea lists them: added, modified or removed. Gitea does not detect renames there, so a
 * renamed file is its old path removed and its new path added.
 */
function toAffectedFiles(files: NonNullable<RestCommitFragment['files']>): Schemas['CommitAffectedFiles'][] {
  return files.flatMap((f) =>
    f.status === 'renamed'
      ? [
          { filename: f.previousFilename ?? f.filename, status: 'removed' },
          { filename: f.filename, status: 'added' },
        ]
      : [{ filename: f.filename, status: f.status }],
  );
}

/**
 * GraphQL Commit → REST Commit (Gitea's shape). Stats and verification that were not asked for, a signer
 * (Graft verifies no signatures yet) and authors without a Graft account are null, as Gitea sends them; files
 * not asked for are an empty list.
 */
export function toCommit(commit: RestCommitFragment, repo: RestCommitRepositoryFragment): Schemas['Commit'] {
  const url = `${repo.apiUrl}/git/commits/${escape(commit.oid)}`;
  const created = restTime(commit.committer.date);
  return {
    url,
    sha: commit.oid,
    created,
    html_url: `${repo.htmlUrl}/commit/${escape(commit.oid)}`,
    commit: {
      url,
      author: { name: commit.author.name, email: commit.author.email, date: restTime(commit.author.date) },
      committer: { name: commit.committer.name, email: commit.committer.email, date: restTime(commit.committer.date) },
      message: commit.message,
      tree: { url: `${repo.apiUrl}/git/trees/${escape(commit.treeOid)}`, sha: commit.treeOid, created },
      verification: commit.verification ? { ...commit.verification, signer: null } : null,
    },
    author: commit.author.user ? toUser(commit.author.user) : null,
    committer: commit.committer.user ? toUser(commit.committer.user) : null,
    parents: commit.parentOids.map((sha) => ({ url: `${repo.apiUrl}/git/commits/${escape(sha)}`, sha, created: ZERO_TIME })),
    files: commit.files ? toAffectedFiles(commit.files) : [],
    stats: commit.stats ?? null,
  } as unknown as Schemas['Commit'];
}
