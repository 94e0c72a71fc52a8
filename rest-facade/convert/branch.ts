import type { RestAnnotatedTagFragment, RestBranchFragment, RestGitRefFragment, RestRepositoryUrlsFragment, RestTagFragment } from '../__generated__/graphql.ts';
import { NOT_SIGNED, toPayloadCommit, toPayloadVerification } from './commit.ts';
import type { RestSchema } from './shape.ts';
import { restTime, ZERO_TIME } from './time.ts';
import { archiveHtmlUrl, commitApiUrl, gitObjectUrl, gitRefApiUrl, tagObjectApiUrl } from './urls.ts';

type Urls = RestRepositoryUrlsFragment;

/** GraphQL Branch → REST Branch, with what the rule covering it (if any) says. */
export function toBranch(branch: RestBranchFragment, urls: Urls): RestSchema<'Branch'> {
  return {
    name: branch.name,
    commit: toPayloadCommit(branch.commit, urls),
    protected: branch.protected,
    required_approvals: branch.requiredApprovals,
    enable_status_check: branch.enableStatusCheck,
    status_check_contexts: branch.statusCheckContexts,
    user_can_push: branch.viewerCanPush,
    user_can_merge: branch.viewerCanMerge,
    effective_branch_protection_name: branch.effectiveBranchProtectionName,
  };
}

/** GraphQL Tag → REST Tag: id is the tag object (annotated) or the commit (lightweight). */
export function toTag(tag: RestTagFragment, urls: Urls): RestSchema<'Tag'> {
  const commitOid = tag.commitOid ?? tag.oid;
  return {
    name: tag.name,
    message: tag.message.trim(),
    id: tag.oid,
    commit: { sha: commitOid, url: commitApiUrl(urls.apiUrl, commitOid), created: tag.tagger ? restTime(tag.tagger.date) : ZERO_TIME },
    zipball_url: archiveHtmlUrl(urls.htmlUrl, `${tag.name}.zip`),
    tarball_url: archiveHtmlUrl(urls.htmlUrl, `${tag.name}.tar.gz`),
  };
}

/** GraphQL GitRef → REST Reference. */
export function toReference(ref: RestGitRefFragment, urls: Urls): RestSchema<'Reference'> {
  return {
    ref: ref.name,
    url: gitRefApiUrl(urls.apiUrl, ref.name),
    object: { sha: ref.oid, type: ref.objectType, url: gitObjectUrl(urls.apiUrl, ref.objectType, ref.oid) },
  };
}

/** GraphQL AnnotatedTag → REST AnnotatedTag (the verification is the tagged commit's, as in Gitea). */
export function toAnnotatedTag(tag: RestAnnotatedTagFragment, urls: Urls): RestSchema<'AnnotatedTag'> {
  const objectSha = tag.commitOid ?? tag.targetOid;
  const objectType = tag.commitOid ? 'commit' : tag.targetType;
  return {
    tag: tag.name,
    sha: tag.oid,
    url: tagObjectApiUrl(urls.apiUrl, tag.oid),
    message: tag.message,
    tagger: tag.tagger ? { name: tag.tagger.name, email: tag.tagger.email, date: restTime(tag.tagger.date, { utc: true }) } : undefined,
    object: { sha: objectSha, type: objectType, url: gitObjectUrl(urls.apiUrl, objectType, objectSha) },
    verification: tag.commit ? toPayloadVerification(tag.commit.verification) : NOT_SIGNED,
  };
}
