import type {
  RestCommitFragment,
  RestPayloadCommitFragment,
  RestPayloadVerificationFragment,
  RestRepositoryUrlsFragment,
} from '../__generated__/graphql.ts';
import type { RestSchema } from './shape.ts';
import { restTime, ZERO_TIME } from './time.ts';
import { commitApiUrl, commitHtmlUrl, treeApiUrl } from './urls.ts';
import { toUser } from './user.ts';

/** What Gitea says of a commit nobody signed (commits made through the API, tags that point at no commit). */
export const NOT_SIGNED: RestSchema<'PayloadCommitVerification'> = Object.freeze({
  verified: false,
  reason: 'gpg.error.not_signed_commit',
  signature: '',
  signer: null,
  payload: '',
});

/**
 * The signer of a verified signature as Gitea shows it: the account's login, its name (or login), the signature's
 * address; for the instance's key SIGNING_NAME as both, and SIGNING_EMAIL.
 */
function toSigner(signer: RestPayloadVerificationFragment['signer']): RestSchema<'PayloadUser'> | null {
  return signer ? { username: signer.user?.login ?? signer.name, name: signer.name, email: signer.email } : null;
}

/**
 * GraphQL CommitVerification → Gitea's PayloadCommitVerification. Branch and tag answers send the signature
 * without the final line end that the commit answers (GET /git/commits/{sha}) keep, as they always have.
 */
export function toPayloadVerification(v: RestPayloadVerificationFragment): RestSchema<'PayloadCommitVerification'> {
  return { verified: v.verified, reason: v.reason, signature: v.signature.replace(/\n$/, ''), signer: toSigner(v.signer), payload: v.payload };
}

/** GraphQL Commit → Gitea's PayloadCommit (its file lists stay empty here, as in Gitea's branch answers). */
export function toPayloadCommit(commit: RestPayloadCommitFragment, repo: RestRepositoryUrlsFragment): RestSchema<'PayloadCommit'> {
  const person = (p: RestPayloadCommitFragment['author']) => ({ name: p.name, email: p.email, username: p.user?.login ?? '' });
  return {
    id: commit.oid,
    message: commit.message,
    url: commitHtmlUrl(repo.htmlUrl, commit.oid),
    author: person(commit.author),
    committer: person(commit.committer),
    verification: toPayloadVerification(commit.verification),
    timestamp: restTime(commit.author.date),
    added: [],
    removed: [],
    modified: [],
  };
}

/**
 * Files as Gitea lists them: added, modified or removed. Gitea does not detect renames there, so a
 * renamed file is its old path removed and its new path added.
 */
function toAffectedFiles(files: NonNullable<RestCommitFragment['files']>): RestSchema<'CommitAffectedFiles'>[] {
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
 * GraphQL Commit → REST Commit (Gitea's shape). Stats and verification that were not asked for, the signer of
 * a signature that is not verified and authors without a Graft account are null, as Gitea sends them; files
 * not asked for are an empty list.
 */
export function toCommit(commit: RestCommitFragment, repo: RestRepositoryUrlsFragment): RestSchema<'Commit'> {
  const url = commitApiUrl(repo.apiUrl, commit.oid);
  const created = restTime(commit.committer.date);
  return {
    url,
    sha: commit.oid,
    created,
    html_url: commitHtmlUrl(repo.htmlUrl, commit.oid),
    commit: {
      url,
      author: { name: commit.author.name, email: commit.author.email, date: restTime(commit.author.date) },
      committer: { name: commit.committer.name, email: commit.committer.email, date: restTime(commit.committer.date) },
      message: commit.message,
      tree: { url: treeApiUrl(repo.apiUrl, commit.treeOid), sha: commit.treeOid, created },
      verification: commit.verification ? { ...toPayloadVerification(commit.verification), signature: commit.verification.signature } : null,
    },
    author: commit.author.user ? toUser(commit.author.user) : null,
    committer: commit.committer.user ? toUser(commit.committer.user) : null,
    parents: commit.parentOids.map((sha) => ({ url: commitApiUrl(repo.apiUrl, sha), sha, created: ZERO_TIME })),
    files: commit.files ? toAffectedFiles(commit.files) : [],
    stats: commit.stats ?? null,
  };
}

/** Two commits compared, as Gitea's Compare: every commit counted, the first ones listed. */
export function toCompare(commits: { totalCount: number; nodes: RestCommitFragment[] }, repo: RestRepositoryUrlsFragment): RestSchema<'Compare'> {
  return { total_commits: commits.totalCount, commits: commits.nodes.map((c) => toCommit(c, repo)) };
}

/** A git note with the notes commit that last changed it, as Gitea's Note. */
export function toNote(note: { message: string; commit: RestCommitFragment }, repo: RestRepositoryUrlsFragment): RestSchema<'Note'> {
  return { message: note.message, commit: toCommit(note.commit, repo) };
}
