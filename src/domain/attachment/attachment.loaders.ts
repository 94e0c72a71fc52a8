import DataLoader from 'dataloader';
import type { Attachment } from '../../db/models.ts';
import { defineLoaders, type LoadersOf } from '../../graphql/loaders.ts';
import type { ServiceContext } from '../../services.ts';
import { attachmentsOfComments, attachmentsOfIssues } from './attachment.service.ts';

/** The attachments of the issues and comments of one request: one statement per batch, whatever the page size. */
export const ATTACHMENT_LOADERS = defineLoaders('attachment', {
  issueAttachments: (ctx: ServiceContext) => new DataLoader<number, Attachment[]>(async (issueIds) => {
    const byIssue = await attachmentsOfIssues(ctx, issueIds);
    return issueIds.map((id) => byIssue.get(id) ?? []);
  }),
  commentAttachments: (ctx: ServiceContext) => new DataLoader<number, Attachment[]>(async (commentIds) => {
    const byComment = await attachmentsOfComments(ctx, commentIds);
    return commentIds.map((id) => byComment.get(id) ?? []);
  }),
});

declare module '../../graphql/loaders.ts' {
  interface Loaders extends LoadersOf<typeof ATTACHMENT_LOADERS> {}
}
