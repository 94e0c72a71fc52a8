import {
  CreateReleaseAssetDocument,
  CreateReleaseDocument,
  DeleteReleaseAssetDocument,
  DeleteReleaseDocument,
  ReleaseAssetDocument,
  ReleaseAssetsDocument,
  RepositoryLatestReleaseDocument,
  RepositoryReleaseDocument,
  RepositoryReleasesDocument,
  UpdateReleaseAssetDocument,
  UpdateReleaseDocument,
  type RestReleaseAssetFragment,
} from '../../__generated__/graphql.ts';
import { toRelease, toReleaseAsset } from '../../convert/release.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';
import type { Config } from '../../../src/config/defaults.ts';
import { notFound } from '../../../src/errors.ts';

/** Every assets route answers 404 while attachments are switched off (Gitea); the list is a field of the release, checked here. */
function enabled(config: Config) {
  if (!config.attachment.ENABLED) throw notFound('attachments are disabled on this server');
}

const assetOf = (asset: RestReleaseAssetFragment) => {
  const release = found(asset.release);
  return toReleaseAsset(asset, release.repository, release.tagName);
};

export const repoListReleases = defineOperation({
  operationId: 'repoListReleases',
  document: RepositoryReleasesDocument,
  paged: true,
  variables: ({ params, query, page }) => ({
    owner: params.owner,
    name: params.repo,
    draft: query.draft ?? null,
    prerelease: query['pre-release'] ?? null,
    query: query.q || null,
    tagFilter: query.tag_filter || null,
    ...page,
  }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return list(repo.releases, (r) => toRelease(r, repo));
  },
});

export const repoGetRelease = defineOperation({
  operationId: 'repoGetRelease',
  document: RepositoryReleaseDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id, tag: null }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toRelease(found(repo.release), repo));
  },
});

export const repoGetReleaseByTag = defineOperation({
  operationId: 'repoGetReleaseByTag',
  document: RepositoryReleaseDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: null, tag: params.tag }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toRelease(found(repo.release), repo));
  },
});

export const repoGetLatestRelease = defineOperation({
  operationId: 'repoGetLatestRelease',
  document: RepositoryLatestReleaseDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ repository }) => {
    const repo = found(repository);
    return ok(toRelease(found(repo.latestRelease), repo));
  },
});

export const repoCreateRelease = defineOperation({
  operationId: 'repoCreateRelease',
  document: CreateReleaseDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    input: {
      tagName: body.tag_name,
      target: body.target_commitish || null,
      title: body.name ?? null,
      note: body.body ?? null,
      isDraft: body.draft ?? null,
      isPrerelease: body.prerelease ?? null,
      tagMessage: body.tag_message || null,
    },
  }),
  reply: ({ createRelease }) => created(toRelease(createRelease, createRelease.repository)),
});

export const repoEditRelease = defineOperation({
  operationId: 'repoEditRelease',
  document: UpdateReleaseDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    id: params.id,
    input: {
      tagName: body.tag_name || null,
      target: body.target_commitish || null,
      title: body.name || null,
      note: body.body || null,
      isDraft: body.draft ?? null,
      isPrerelease: body.prerelease ?? null,
    },
  }),
  reply: ({ updateRelease }) => ok(toRelease(updateRelease, updateRelease.repository)),
});

export const repoDeleteRelease = defineOperation({
  operationId: 'repoDeleteRelease',
  document: DeleteReleaseDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: params.id, tag: null }),
  reply: () => noContent(),
});

export const repoDeleteReleaseByTag = defineOperation({
  operationId: 'repoDeleteReleaseByTag',
  document: DeleteReleaseDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, id: null, tag: params.tag }),
  reply: () => noContent(),
});

export const repoListReleaseAttachments = defineOperation({
  operationId: 'repoListReleaseAttachments',
  document: ReleaseAssetsDocument,
  variables: ({ params, config }) => {
    enabled(config);
    return { owner: params.owner, name: params.repo, id: params.id };
  },
  reply: ({ repository }) => {
    const repo = found(repository);
    const release = found(repo.release);
    return ok(release.assets.map((a) => toReleaseAsset(a, repo, release.tagName)));
  },
});

export const repoGetReleaseAttachment = defineOperation({
  operationId: 'repoGetReleaseAttachment',
  document: ReleaseAssetDocument,
  variables: ({ params, config }) => {
    enabled(config);
    return { owner: params.owner, name: params.repo, id: params.id, assetId: params.attachment_id };
  },
  reply: ({ repository }) => {
    const repo = found(repository);
    const release = found(repo.release);
    return ok(toReleaseAsset(found(release.asset), repo, release.tagName));
  },
});

/** The file comes as the multipart part `attachment` or as the raw body (named by `name`); a link as external_url. */
export const repoCreateReleaseAttachment = defineOperation({
  operationId: 'repoCreateReleaseAttachment',
  document: CreateReleaseAssetDocument,
  variables: ({ params, query, files, form }) => ({
    owner: params.owner,
    name: params.repo,
    releaseId: params.id,
    file: files.attachment ?? null,
    externalUrl: form.external_url || null,
    fileName: query.name || form.name || null,
  }),
  reply: ({ createReleaseAsset }) => created(assetOf(createReleaseAsset)),
});

export const repoEditReleaseAttachment = defineOperation({
  operationId: 'repoEditReleaseAttachment',
  document: UpdateReleaseAssetDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    releaseId: params.id,
    id: params.attachment_id,
    input: { name: body.name ?? null },
  }),
  reply: ({ updateReleaseAsset }) => created(assetOf(updateReleaseAsset)),
});

export const repoDeleteReleaseAttachment = defineOperation({
  operationId: 'repoDeleteReleaseAttachment',
  document: DeleteReleaseAssetDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, releaseId: params.id, id: params.attachment_id }),
  reply: () => noContent(),
});
