import {
  CommentAttachmentDocument,
  CommentAttachmentsDocument,
  CreateCommentAttachmentDocument,
  CreateIssueAttachmentDocument,
  DeleteCommentAttachmentDocument,
  DeleteIssueAttachmentDocument,
  IssueAttachmentDocument,
  IssueAttachmentsDocument,
  UpdateCommentAttachmentDocument,
  UpdateIssueAttachmentDocument,
} from '../../__generated__/graphql.ts';
import { toAttachment } from '../../convert/attachment.ts';
import { created, defineOperation, found, noContent, ok } from '../../operation.ts';
import type { Config } from '../../../src/config/defaults.ts';
import { notFound } from '../../../src/errors.ts';

/**
 * Every assets route answers 404 while attachments are switched off, as Gitea's mustEnableAttachments does. The
 * writes and single reads are refused by the service; an issue's list is its GraphQL field, which the issue's
 * own shape (assets) reads whatever the setting, so the REST list checks here.
 */
function enabled(config: Config) {
  if (!config.attachment.ENABLED) throw notFound('attachments are disabled on this server');
}

export const issueListIssueAttachments = defineOperation({
  operationId: 'issueListIssueAttachments',
  document: IssueAttachmentsDocument,
  variables: ({ params, config }) => {
    enabled(config);
    return { owner: params.owner, name: params.repo, number: params.index };
  },
  reply: ({ repository }) => ok(found(found(repository).issue).attachments.map(toAttachment)),
});

export const issueGetIssueAttachment = defineOperation({
  operationId: 'issueGetIssueAttachment',
  document: IssueAttachmentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, id: params.attachment_id }),
  reply: ({ repository }) => ok(toAttachment(found(found(found(repository).issue).attachment))),
});

export const issueCreateIssueAttachment = defineOperation({
  operationId: 'issueCreateIssueAttachment',
  document: CreateIssueAttachmentDocument,
  variables: ({ params, query, files }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    file: files.attachment,
    fileName: query.name || null,
  }),
  reply: ({ createIssueAttachment }) => created(toAttachment(createIssueAttachment)),
});

export const issueEditIssueAttachment = defineOperation({
  operationId: 'issueEditIssueAttachment',
  document: UpdateIssueAttachmentDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    number: params.index,
    id: params.attachment_id,
    input: { name: body.name ?? null },
  }),
  reply: ({ updateIssueAttachment }) => created(toAttachment(updateIssueAttachment)),
});

export const issueDeleteIssueAttachment = defineOperation({
  operationId: 'issueDeleteIssueAttachment',
  document: DeleteIssueAttachmentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, number: params.index, id: params.attachment_id }),
  reply: () => noContent(),
});

export const issueListIssueCommentAttachments = defineOperation({
  operationId: 'issueListIssueCommentAttachments',
  document: CommentAttachmentsDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, commentId: params.id }),
  reply: ({ repository }) => ok(found(found(repository).commentAttachments).map(toAttachment)),
});

export const issueGetIssueCommentAttachment = defineOperation({
  operationId: 'issueGetIssueCommentAttachment',
  document: CommentAttachmentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, commentId: params.id, id: params.attachment_id }),
  reply: ({ repository }) => ok(toAttachment(found(found(repository).commentAttachment))),
});

export const issueCreateIssueCommentAttachment = defineOperation({
  operationId: 'issueCreateIssueCommentAttachment',
  document: CreateCommentAttachmentDocument,
  variables: ({ params, query, files }) => ({
    owner: params.owner,
    name: params.repo,
    commentId: params.id,
    file: files.attachment,
    fileName: query.name || null,
  }),
  reply: ({ createCommentAttachment }) => created(toAttachment(createCommentAttachment)),
});

export const issueEditIssueCommentAttachment = defineOperation({
  operationId: 'issueEditIssueCommentAttachment',
  document: UpdateCommentAttachmentDocument,
  variables: ({ params, body }) => ({
    owner: params.owner,
    name: params.repo,
    commentId: params.id,
    id: params.attachment_id,
    input: { name: body.name ?? null },
  }),
  reply: ({ updateCommentAttachment }) => created(toAttachment(updateCommentAttachment)),
});

export const issueDeleteIssueCommentAttachment = defineOperation({
  operationId: 'issueDeleteIssueCommentAttachment',
  document: DeleteCommentAttachmentDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, commentId: params.id, id: params.attachment_id }),
  reply: () => noContent(),
});
