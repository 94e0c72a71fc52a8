import { builder } from '../../graphql/builder.ts';
import { lookup } from '../../graphql/errors.ts';
import { inputFromTable } from '../../graphql/input-fields.ts';
import { IssueCommentRef } from '../comment/comment.graphql.ts';
import { IssueRef } from '../issue/issue.graphql.ts';
import { RepositoryRef } from '../repo/repo.graphql.ts';
import { withOwner } from '../repo/repo.service.ts';
import { UserRef } from '../user/user.graphql.ts';
import { UPDATE_ATTACHMENT_FIELDS } from './attachment.inputs.ts';
import * as attachments from './attachment.service.ts';

export const AttachmentRef = builder.prismaObject('Attachment', {
  description: 'A file attached to an issue, to a comment, or to a release (an asset).',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    uuid: t.exposeString('uuid', { description: 'Names the file for good: its download address is made from it.' }),
    name: t.exposeString('name', { description: 'The file name, as uploaded or renamed.' }),
    size: t.exposeInt('size', { description: 'In bytes.' }),
    downloadCount: t.exposeInt('downloadCount', { description: 'How many times the file was downloaded.' }),
    downloadUrl: t.string({
      description: 'Where a browser downloads the file (for whoever reads the issues of its repository); a link asset of a release: where it points.',
      resolve: (row, _args, ctx) => row.externalUrl ?? `${ctx.rootUrl}attachments/${encodeURIComponent(row.uuid)}`,
    }),
    externalUrl: t.exposeString('externalUrl', { nullable: true, description: 'Set for a release asset that is a link elsewhere rather than a stored file.' }),
    uploader: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who uploaded it; null once that account is deleted.',
      resolve: (row, _args, ctx) => (row.uploaderId === null ? null : ctx.loaders.userById.load(row.uploaderId)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

builder.objectFields(IssueRef, (t) => ({
  attachments: t.field({
    type: [AttachmentRef],
    description: "The issue's own attachments (not its comments'), oldest first.",
    resolve: (view, _args, ctx) => ctx.loaders.issueAttachments.load(view.issue.id),
  }),
  attachment: t.field({
    type: AttachmentRef,
    nullable: true,
    description: "One of the issue's own attachments, by its id.",
    args: { id: t.arg.int({ required: true }) },
    resolve: (view, { id }, ctx) => lookup(ctx, () => attachments.getIssueAttachment(ctx, view, id), () => 'no such attachment in issue'),
  }),
}));

builder.objectFields(IssueCommentRef, (t) => ({
  attachments: t.field({
    type: [AttachmentRef],
    description: "The comment's attachments, oldest first (none for the timeline's events).",
    resolve: (view, _args, ctx) => (view.comment.type === 'comment' ? ctx.loaders.commentAttachments.load(view.comment.id) : []),
  }),
}));

// A comment's attachments by the comment's id, for the REST routes that name the comment but not its issue.
builder.objectFields(RepositoryRef, (t) => ({
  commentAttachments: t.field({
    type: [AttachmentRef],
    nullable: true,
    tokenScope: 'read:issue',
    description: "The attachments of a comment of the repository's issues, oldest first; null when there is no such comment.",
    args: { commentId: t.arg.int({ required: true }) },
    resolve: async (repo, { commentId }, ctx) =>
      lookup(ctx, async () => attachments.listCommentAttachments(ctx, await withOwner(ctx, repo), commentId), () => 'no matching issue comment found'),
  }),
  commentAttachment: t.field({
    type: AttachmentRef,
    nullable: true,
    tokenScope: 'read:issue',
    args: { commentId: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
    resolve: async (repo, { commentId, id }, ctx) =>
      lookup(ctx, async () => attachments.getCommentAttachment(ctx, await withOwner(ctx, repo), commentId, id), () => 'no such attachment in comment'),
  }),
}));

// ---------------------------------------------------------------------------------------------
// Mutations

const UpdateAttachmentInput = inputFromTable('UpdateAttachmentInput', UPDATE_ATTACHMENT_FIELDS);

builder.mutationFields((t) => {
  const repository = { owner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) };
  const upload = {
    file: t.arg({ type: 'Upload', required: true }),
    fileName: t.arg.string({ description: "The attachment's name; default: the name the file was sent with." }),
  };
  return {
    createIssueAttachment: t.field({
      type: AttachmentRef,
      tokenScope: 'write:issue',
      description: 'Attaches a file to an issue (its poster, or whoever writes to the issues), within the attachment settings.',
      args: { ...repository, number: t.arg.int({ required: true }), ...upload },
      resolve: (_root, { owner, name, number, file, fileName }, ctx) => attachments.createAttachment(ctx, owner, name, { issue: number }, file, fileName),
    }),
    updateIssueAttachment: t.field({
      type: AttachmentRef,
      tokenScope: 'write:issue',
      args: { ...repository, number: t.arg.int({ required: true }), id: t.arg.int({ required: true }), input: t.arg({ type: UpdateAttachmentInput, required: true }) },
      resolve: (_root, { owner, name, number, id, input }, ctx) => attachments.updateAttachment(ctx, owner, name, { issue: number }, id, input),
    }),
    deleteIssueAttachment: t.boolean({
      tokenScope: 'write:issue',
      args: { ...repository, number: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, number, id }, ctx) => {
        await attachments.deleteAttachment(ctx, owner, name, { issue: number }, id);
        return true;
      },
    }),
    createCommentAttachment: t.field({
      type: AttachmentRef,
      tokenScope: 'write:issue',
      description: 'Attaches a file to a comment (its poster, or whoever writes to the issues), within the attachment settings.',
      args: { ...repository, commentId: t.arg.int({ required: true }), ...upload },
      resolve: (_root, { owner, name, commentId, file, fileName }, ctx) => attachments.createAttachment(ctx, owner, name, { comment: commentId }, file, fileName),
    }),
    updateCommentAttachment: t.field({
      type: AttachmentRef,
      tokenScope: 'write:issue',
      args: { ...repository, commentId: t.arg.int({ required: true }), id: t.arg.int({ required: true }), input: t.arg({ type: UpdateAttachmentInput, required: true }) },
      resolve: (_root, { owner, name, commentId, id, input }, ctx) => attachments.updateAttachment(ctx, owner, name, { comment: commentId }, id, input),
    }),
    deleteCommentAttachment: t.boolean({
      tokenScope: 'write:issue',
      args: { ...repository, commentId: t.arg.int({ required: true }), id: t.arg.int({ required: true }) },
      resolve: async (_root, { owner, name, commentId, id }, ctx) => {
        await attachments.deleteAttachment(ctx, owner, name, { comment: commentId }, id);
        return true;
      },
    }),
  };
});
