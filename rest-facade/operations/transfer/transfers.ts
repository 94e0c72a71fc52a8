import { AcceptRepositoryTransferDocument, RejectRepositoryTransferDocument, TransferRepositoryDocument } from '../../__generated__/graphql.ts';
import { toRepository } from '../../convert/repository.ts';
import { accepted, defineOperation, ok } from '../../operation.ts';

export const repoTransfer = defineOperation({
  operationId: 'repoTransfer',
  document: TransferRepositoryDocument,
  variables: ({ params, body }) => ({ owner: params.owner, name: params.repo, newOwner: body.new_owner ?? '', teamIds: body.team_ids ?? null }),
  // A left-out new_owner names nobody: 404, as in Gitea. 202: done at once; 201: waiting for the recipient to accept.
  reply: ({ transferRepository }) => ({ status: transferRepository.pending ? 201 : 202, body: toRepository(transferRepository.repository) }),
});

export const acceptRepoTransfer = defineOperation({
  operationId: 'acceptRepoTransfer',
  document: AcceptRepositoryTransferDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ acceptRepositoryTransfer }) => accepted(toRepository(acceptRepositoryTransfer)),
});

export const rejectRepoTransfer = defineOperation({
  operationId: 'rejectRepoTransfer',
  document: RejectRepositoryTransferDocument,
  variables: ({ params }) => ({ owner: params.owner, name: params.repo }),
  reply: ({ rejectRepositoryTransfer }) => ok(toRepository(rejectRepositoryTransfer)),
});
