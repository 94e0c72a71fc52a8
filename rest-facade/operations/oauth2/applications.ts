import {
  CreateOAuth2ApplicationDocument,
  DeleteOAuth2ApplicationDocument,
  OAuth2ApplicationDocument,
  OAuth2ApplicationsDocument,
  UpdateOAuth2ApplicationDocument,
} from '../../__generated__/graphql.ts';
import { toOAuth2Application } from '../../convert/oauth2-application.ts';
import { created, defineOperation, list, noContent, ok } from '../../operation.ts';

type Options = { name: string; redirect_uris: string[]; confidential_client?: boolean; skip_secondary_authorization?: boolean };

const inputOf = (body: Options) => ({
  name: body.name,
  redirectUris: body.redirect_uris,
  confidentialClient: body.confidential_client,
  skipSecondaryAuthorization: body.skip_secondary_authorization,
});

export const userGetOauth2Application = defineOperation({
  operationId: 'userGetOauth2Application',
  document: OAuth2ApplicationsDocument,
  paged: true,
  variables: ({ page }) => page,
  reply: ({ oauth2Applications }) => list(oauth2Applications, (app) => toOAuth2Application(app)),
});

export const userCreateOAuth2Application = defineOperation({
  operationId: 'userCreateOAuth2Application',
  document: CreateOAuth2ApplicationDocument,
  variables: ({ body }) => ({ input: inputOf(body) }),
  reply: ({ createOAuth2Application: made }) => created(toOAuth2Application(made.application, made.clientSecret)),
});

export const userGetOAuth2Application = defineOperation({
  operationId: 'userGetOAuth2Application',
  document: OAuth2ApplicationDocument,
  variables: ({ params }) => ({ databaseId: params.id }),
  reply: ({ oauth2Application }) => ok(toOAuth2Application(oauth2Application)),
});

export const userUpdateOAuth2Application = defineOperation({
  operationId: 'userUpdateOAuth2Application',
  document: UpdateOAuth2ApplicationDocument,
  variables: ({ params, body }) => ({ databaseId: params.id, input: inputOf(body) }),
  reply: ({ updateOAuth2Application: made }) => ok(toOAuth2Application(made.application, made.clientSecret)),
});

export const userDeleteOAuth2Application = defineOperation({
  operationId: 'userDeleteOAuth2Application',
  document: DeleteOAuth2ApplicationDocument,
  variables: ({ params }) => ({ databaseId: params.id }),
  reply: () => noContent(),
});
