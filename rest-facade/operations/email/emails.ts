import { AddViewerEmailsDocument, AdminEmailsDocument, DeleteViewerEmailsDocument, ViewerEmailsDocument } from '../../__generated__/graphql.ts';
import { toEmail } from '../../convert/email.ts';
import { created, defineOperation, found, list, noContent, ok } from '../../operation.ts';

export const userListEmails = defineOperation({
  operationId: 'userListEmails',
  document: ViewerEmailsDocument,
  variables: () => ({}),
  reply: ({ viewer }) => ok((found(viewer).emails ?? []).map(toEmail)),
});

export const userAddEmail = defineOperation({
  operationId: 'userAddEmail',
  document: AddViewerEmailsDocument,
  variables: ({ body }) => ({ emails: body.emails ?? [] }),
  reply: ({ addViewerEmails }) => created(addViewerEmails.map(toEmail)),
});

export const userDeleteEmail = defineOperation({
  operationId: 'userDeleteEmail',
  document: DeleteViewerEmailsDocument,
  variables: ({ body }) => ({ emails: body.emails ?? [] }),
  reply: () => noContent(),
});

export const adminGetAllEmails = defineOperation({
  operationId: 'adminGetAllEmails',
  document: AdminEmailsDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ adminEmails }) => list(adminEmails, toEmail),
});

export const adminSearchEmails = defineOperation({
  operationId: 'adminSearchEmails',
  document: AdminEmailsDocument,
  paged: true,
  variables: ({ query, page }) => ({ query: query.q, ...page }),
  reply: ({ adminEmails }) => list(adminEmails, toEmail),
});
