import { builder } from '../../graphql/builder.ts';
import { connectionComplexity, offsetConnection } from '../../graphql/connection.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { AttachmentRef } from '../attachment/attachment.graphql.ts';
import { UPDATE_ATTACHMENT_FIELDS } from '../attachment/attachment.inputs.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import { CREATE_RELEASE_FIELDS, UPDATE_RELEASE_FIELDS } from './release.inputs.ts';
import * as releases from './release.service.ts';
import type { ReleaseView } from './release.service.ts';

export const ReleaseRef = builder.objectRef<ReleaseView>('Release').implement({
  description: 'A release of a repository: a tag with a title, notes and files (assets).',
  fields: (t) => ({
    databaseId: t.int({ resolve: (v) => v.release.id }),
    tagName: t.string({ resolve: (v) => v.release.tagName }),
    target: t.string({ description: 'The branch or commit its tag was (or will be) made from.', resolve: (v) => v.release.target }),
    title: t.string({ resolve: (v) => v.release.title }),
    note: t.string({ description: 'The release notes, as written.', resolve: (v) => v.release.note }),
    commitOid: t.string({ description: 'The commit its tag names; empty for a draft whose tag is not made yet.', resolve: (v) => v.release.sha1 }),
    isDraft: t.boolean({ resolve: (v) => v.release.isDraft }),
    isPrerelease: t.boolean({ resolve: (v) => v.release.isPrerelease }),
    createdAt: t.field({ type: 'DateTime', description: 'When it was created, or published when it was a draft.', resolve: (v) => v.release.createdAt }),
    publisher: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who created it; null once that account is deleted.',
      resolve: (v, _args, ctx) => (v.release.publisherId === null ? null : ctx.loaders.userById.load(v.release.publisherId)),
    }),
    assets: t.field({ type: [AttachmentRef], description: 'Its files, oldest first.', resolve: (v, _args, ctx) => ctx.loaders.releaseAssets.load(v.release.id) }),
    asset: t.field({
      type: AttachmentRef,
      nullable: true,
      args: { id: t.arg.int({ required: true }) },
      resolve: (v, { id }, ctx) => lookup(ctx, () => releases.getAsset(ctx, v, id), () => `release ${v.release.id} has no asset ${id}`),
    }),
    repository: t.field({ type: RepositoryRef, resolve: (v) => v.repo }),
  }),
});

builder.objectFields(AttachmentRef, (t) => ({
  release: t.field({
    type: ReleaseRef,
    nullable: true,
    description: 'The release the file is an asset of; null for the files of issues and comments.',
    resolve: (row, _args, ctx) => (row.releaseId === null ? null : releases.releaseOfAsset(ctx, row)),
  }),
}));

const ReleaseConnection = builder.connectionObject({
  type: ReleaseRef,
  name: 'ReleaseConnection',
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.objectFields(RepositoryRef, (t) => ({
  releases: t.connection(
    {
      type: ReleaseRef,
      description: 'Releases, newest first (not the tags without one; drafts for those who may write). Absent (an error) without read access to releases.',
      complexity: connectionComplexity,
      tokenScope: 'read:repository',
      args: {
        draft: t.arg.boolean({ description: 'Only drafts (true) or no drafts (false).' }),
        prerelease: t.arg.boolean({ description: 'Only prereleases (true) or none (false).' }),
        query: t.arg.string({ description: 'Only releases whose title or tag contains this, whatever its case.' }),
        tagFilter: t.arg.string({ description: 'Only releases whose tag matches this pattern, * standing for any text (v1*, *rc*).' }),
      },
      resolve: async (repo, { draft, prerelease, query, tagFilter, ...args }, ctx) => {
        const full = await withOwner(ctx, repo);
        return offsetConnection(args, (window) => releases.listReleases(ctx, full.owner.login, full.name, window, { draft, prerelease, query, tagFilter }));
      },
    },
    ReleaseConnection,
  ),
  release: t.field({
    type: ReleaseRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'A release by its id or by its tag name (one of them).',
    args: {
      id: t.arg.int(),
      tag: t.arg.string(),
      evenTagOnly: t.arg.boolean({ description: "Also a deleted release's entry of its tag (for writers: the payload of its deletion)." }),
    },
    resolve: async (repo, { id, tag, evenTagOnly }, ctx) => {
      const full = await withOwner(ctx, repo);
      const by = id != null ? { id } : { tag: tag ?? '' };
      return lookup(ctx, () => releases.getRelease(ctx, full.owner.login, full.name, by, evenTagOnly ?? false), () => (id != null ? `release ${id} does not exist` : `release with tag "${tag}" does not exist`));
    },
  }),
  latestRelease: t.field({
    type: ReleaseRef,
    nullable: true,
    tokenScope: 'read:repository',
    description: 'The newest release that is neither a draft nor a prerelease.',
    resolve: async (repo, _args, ctx) => {
      const full = await withOwner(ctx, repo);
      return lookup(ctx, () => releases.latestRelease(ctx, full.owner.login, full.name), () => 'the repository has no published release');
    },
  }),
}));

const CreateReleaseInput = inputFromTable('CreateReleaseInput', CREATE_RELEASE_FIELDS);
const UpdateReleaseInput = inputFromTable('UpdateReleaseInput', UPDATE_RELEASE_FIELDS);
const UpdateReleaseAssetInput = inputFromTable('UpdateReleaseAssetInput', UPDATE_ATTACHMENT_FIELDS);

builder.mutationFields((t) => {
  const repository = () => ({ owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) });
  return {
    createRelease: t.field({
      type: ReleaseRef,
      tokenScope: 'write:repository',
      args: { ...repository(), input: t.arg({ type: CreateReleaseInput, required: true }) },
      resolve: (_root, { owner, name, input }, ctx) => releases.createRelease(ctx, owner, name, input),
    }),
    updateRelease: t.field({
      type: ReleaseRef,
      tokenScope: 'write:repository',
      args: { ...repository(), id: t.arg.int({ required: true }), input: t.arg({ type: UpdateReleaseInput, required: true }) },
      resolve: (_root, { owner, name, id, input }, ctx) => releases.updateRelease(ctx, owner, name, id, input),
    }),
    deleteRelease: t.boolean({
      tokenScope: 'write:repository',
      description: 'Deletes a release (by id, or by tag name); its tag stays.',
      args: { ...repository(), id: t.arg.int(), tag: t.arg.string() },
      resolve: async (_root, { owner, name, id, tag }, ctx) => {
        await releases.deleteRelease(ctx, owner, name, id != null ? { id } : { tag: tag ?? '' });
        return true;
      },
    }),
    createReleaseAsset: t.field({
      type: AttachmentRef,
      tokenScope: 'write:repository',
      description: 'Adds a file (an upload) or a link (externalUrl) to a release, within the attachment limits.',
      args: {
        ...repository(),
        releaseId: t.arg.int({ required: true }),
        file: t.arg({ type: 'Upload' }),
        externalUrl: t.arg.string(),
        fileName: t.arg.string({ description: "The asset's name; default: the name the file was sent with." }),
      },
      resolve: (_root, { owner, name, releaseId, file, externalUrl, fileName }, ctx) =>
        releases.createAsset(ctx, owner, name, releaseId, externalUrl ? { externalUrl } : file ? { file } : null, fileName),
    }),
    updateReleaseAsset: t.field({
      type: AttachmentRef,
      tokenScope: 'write:repository',
      args: { ...repository(), releaseId: t.arg.int({ required: true }), id: t.arg.int({ required: true }), input: t.arg({ type: UpdateReleaseAssetInput, required: true }) },
      resolve: (_root, { owner, name, releaseId, id, input }, ctx) => releases.updateAsset(ctx, owner, name, releaseId, id, input),
    }),
    deleteReleaseAsset: t.boolean({
      tokenScope: 'write:repository',
      args: { ...repository(), releaseId: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, releaseId, id }, ctx) => {
        await releases.deleteAsset(ctx, owner, name, releaseId, id);
        return true;
      },
    }),
  };
});
