import { RepoSigningKeyDocument, SigningKeyDocument } from '../../__generated__/graphql.ts';
import { defineOperation, found, textReply } from '../../operation.ts';

/** The instance's public signing key as plain text, as Gitea sends it (404 when there is none of this format). */
export const getSigningKey = defineOperation({
  operationId: 'getSigningKey',
  document: SigningKeyDocument,
  variables: () => ({ format: 'openpgp' as const }),
  reply: ({ signingKey }) => textReply(found(signingKey)),
});

export const getSigningKeySSH = defineOperation({
  operationId: 'getSigningKeySSH',
  document: SigningKeyDocument,
  variables: () => ({ format: 'ssh' as const }),
  reply: ({ signingKey }) => textReply(found(signingKey)),
});

/** The same key, read through a repository: 404 for one the caller cannot read. */
export const repoSigningKey = defineOperation({
  operationId: 'repoSigningKey',
  document: RepoSigningKeyDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, format: 'openpgp' as const }),
  reply: ({ repository }) => textReply(found(found(repository).signingKey)),
});

export const repoSigningKeySSH = defineOperation({
  operationId: 'repoSigningKeySSH',
  document: RepoSigningKeyDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo, format: 'ssh' as const }),
  reply: ({ repository }) => textReply(found(found(repository).signingKey)),
});
