import type {
  RestAnnotatedTagFragment,
  RestBranchFragment,
  RestGitRefFragment,
  RestPayloadCommitFragment,
  RestPayloadVerificationFragment,
  RestRepositoryUrlsFragment,
  RestTagFragment,
} from '../__generated__/graphql.ts';
import type { components } from '../__generated__/openapi.ts';
import { restTime, ZERO_TIME } from './time.ts';

type Schemas = components['schemas'];
type Urls = RestRepositoryUrlsFragment;

/** Each segment escaped, slashes kept: refs/heads/feature/x stays a path. */
const escapePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/**
 * GraphQL CommitVerification → Gitea's PayloadCommitVerification. Branch and tag answers send the signature
 * without the final line end that the commit answers (GET /git/commits/{sha}) keep, as they always have.
 */
function verification(v: RestPayloadVerificationFragment): Schemas['PayloadCommitVerification'] {
  // Gitea writes signer: null when no account signed; the generated type only knows "absent".
  return { verified: v.verified, reason: v.reason, signature: v.signature.replace(/\n$/, ''), signer: null, payload: v.payload } as unknown as Schemas['PayloadCommitVerification'];
}

/** GraphQL Commit → Gitea's PayloadCommit (its file lists stay empty here, as in Gitea's branch answers). */
export function toPayloadCommit(commit: RestPayloadCommitFragment, urls: Urls): Schemas['PayloadCommit'] {
  const person = (p: RestPayloadCommitFragment['author']) => ({ name: p.name, email: p.email, username: p.user?.login ?? '' });
  return {
    id: commit.oid,
    message: commit.message,
    url: `${urls.htmlUrl}/commit/${commit.oid}`,
    author: person(commit.author),
    committer: person(commit.committer),
    verification: verification(commit.verification),
    timestamp: restTime(commit.author.date),
    added: [],
    removed: [],
    modified: [],
  } as unknown as Schemas['PayloadCommit'];
}

/** GraphQL Branch → REST Branch. Branch protection does not exist yet: nothing is protected. */
export function toBranch(branch: RestBranchFragment, urls: Urls): Schemas['Branch'] {
  return {
    name: branch.name,
    commit: toPayloadCommit(branch.commit, urls),
    protected: branch.protected,
    required_approvals: 0,
    enable_status_check: false,
    status_check_contexts: [],
    user_can_push: branch.viewerCanPush,
    user_can_merge: branch.viewerCanMerge,
    effective_branch_protection_name: '',
  };
}

/** GraphQL Tag → REST Tag: id is the tag object (annotated) or the commit (lightweight). */
export function toTag(tag: RestTagFragment, urls: Urls): Schemas['Tag'] {
  const commitOid = tag.commitOid ?? tag.oid;
  return {
    name: tag.name,
    message: tag.message.trim(),
    id: tag.oid,
    commit: { sha: commitOid, url: `${urls.apiUrl}/git/commits/${commitOid}`, created: tag.tagger ? restTime(tag.tagger.date) : ZERO_TIME },
    zipball_url: `${urls.htmlUrl}/archive/${encodeURIComponent(`${tag.name}.zip`)}`,
    tarball_url: `${urls.htmlUrl}/archive/${encodeURIComponent(`${tag.name}.tar.gz`)}`,
  };
}

/** GraphQL GitRef → REST Reference. */
export function toReference(ref: RestGitRefFragment, urls: Urls): Schemas['Reference'] {
  return {
    ref: ref.name,
    url: `${urls.apiUrl}/git/${escapePath(ref.name)}`,
    object: { sha: ref.oid, type: ref.objectType, url: `${urls.apiUrl}/git/${ref.objectType}s/${ref.oid}` },
  };
}

/** GraphQL AnnotatedTag → REST AnnotatedTag (the verification is the tagged commit's, as in Gitea). */
export function toAnnotatedTag(tag: RestAnnotatedTagFragment, urls: Urls): Schemas['AnnotatedTag'] {
  const objectSha = tag.commitOid ?? tag.targetOid;
  const objectType = tag.commitOid ? 'commit' : tag.targetType;
  return {
    tag: tag.name,
    sha: tag.oid,
    url: `${urls.apiUrl}/git/tags/${tag.oid}`,
    message: tag.message,
    tagger: tag.tagger ? { name: tag.tagger.name, email: tag.tagger.email, date: restTime(tag.tagger.date, { utc: true }) } : undefined,
    object: { sha: objectSha, type: objectType, url: `${urls.apiUrl}/git/${objectType}s/${objectSha}` },
    verification: tag.commit
      ? verification(tag.commit.verification)
      : verification({ verified: false, reason: 'gpg.error.not_signed_commit', signature: '', payload: '' }),
  };
}
